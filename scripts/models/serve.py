"""Runs llama.cpp's server (from the xllamacpp wheel) for one GGUF model.

It serves the OpenAI-compatible API (/v1/chat/completions with
response_format json_schema, /v1/embeddings, /v1/models) and /health on
127.0.0.1, prints one line "listening URL" when it is up, and stops on
SIGTERM or SIGINT.

Usage: python serve.py --model PATH --alias NAME --port N [--embedding]
       [--threads 1] [--ctx 8192] [--parallel 2]
"""

import argparse
import signal
import sys
import threading

import xllamacpp


def params(args):
    p = xllamacpp.CommonParams()
    p.model.path = args.model
    p.model_alias = {args.alias}
    p.port = args.port
    p.cpuparams.n_threads = args.threads
    p.cpuparams_batch.n_threads = args.threads
    p.n_parallel = args.parallel
    p.n_ctx = args.ctx * args.parallel
    if args.embedding:
        # An encoder takes a whole input in one micro-batch.
        p.embedding = True
        p.n_batch = p.n_ubatch = args.ctx
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--alias", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--embedding", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--ctx", type=int, default=8192, help="context per parallel slot")
    ap.add_argument("--parallel", type=int, default=2)
    args = ap.parse_args()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    server = xllamacpp.Server(params(args))
    print("listening", server.listening_address, flush=True)
    stop.wait()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
