"""Generation with and without the KV cache: tokens per second, and the cache's memory growing
per token beside the calculator's prediction."""

from __future__ import annotations

import time

import torch

from engine import calc
from engine.config import ModelConfig
from engine.model import Transformer

CONFIG = ModelConfig(name="lab-llama", vocab_size=256, d_model=256, n_layers=4, n_heads=8, n_kv_heads=2, d_ff=688,
                     max_seq=512, style="llama", bias=False, tied=False)


def run(tokens: int = 128, prompt: int = 16, cfg: ModelConfig = CONFIG, seed: int = 0, stage=None) -> dict:
    """`stage(text)`, when given, hears what is being done (the plain command prints it)."""
    stage = stage or (lambda text: None)
    torch.manual_seed(seed)
    model = Transformer(cfg).eval()
    idx = torch.randint(0, cfg.vocab_size, (1, prompt))
    stage(f"generating {tokens} tokens with the KV cache")
    t = time.perf_counter()
    with_cache = model.generate(idx, tokens, greedy=True, use_cache=True)
    cached_s = time.perf_counter() - t
    stage(f"the same {tokens} tokens without it (every step recomputes the whole prefix: the slow part)")
    t = time.perf_counter()
    without = idx
    while without.shape[1] < prompt + tokens:  # in chunks, so the slow part can say how far it is
        n = min(32, prompt + tokens - without.shape[1])
        without = model.generate(without, n, greedy=True, use_cache=False)  # greedy: chunks change nothing
        stage(f"  {without.shape[1] - prompt}/{tokens} tokens without the cache")
    plain_s = time.perf_counter() - t
    # the cache's bytes in use after each length, measured on a real cache, and predicted
    stage("measuring the cache's memory token by token")
    cache = model.new_cache(1, prompt + tokens, dtype=torch.float32)
    growth = []
    with torch.no_grad():
        model(idx, cache=cache)
        pos = prompt
        for step in range(tokens):
            model(with_cache[:, pos:pos + 1], start_pos=pos, cache=cache)
            pos += 1
            if pos in (prompt + 1, 32, 64, 128, 256, prompt + tokens) or step == tokens - 1:
                # bytes of the K and V slots written so far, read off the cache's own tensors
                used = sum(t[:, :pos].numel() * t.element_size() for t in (*cache.k, *cache.v))
                growth.append({"tokens": pos, "measured_bytes": used,
                               "predicted_bytes": calc.kv_cache(cfg, pos, dtype="fp32")["bytes"]})
    return {"tokens": tokens, "same_tokens": bool(torch.equal(with_cache, without)),
            "cached_tokens_per_s": tokens / cached_s, "uncached_tokens_per_s": tokens / plain_s,
            "speedup": plain_s / cached_s, "growth": growth,
            "bytes_per_token": calc.kv_cache(cfg, 1, dtype="fp32")["bytes_per_token"],
            "allocated_bytes": cache.nbytes()}
