"""GPU checks of the engine: skipped cleanly without CUDA. They run under pytest, or without it
(`PYTHONPATH=. python tests/test_engine_gpu.py`, for a GPU machine that has only torch and numpy);
benchmarks/gpu.sh runs them with the GPU benchmarks."""

import sys

import torch
from torch.testing import assert_close

from engine.attention import naive_attention, sdpa_attention, tiled_attention
from engine.config import ModelConfig
from engine.model import Transformer
from tests.gpu_script import Unavailable, as_pytest, run_cases

TOL = {torch.float16: dict(rtol=1e-3, atol=2e-3), torch.bfloat16: dict(rtol=1.6e-2, atol=1.6e-2)}


def check_sdpa_backend(dtype, backend, T):
    g = torch.Generator(device="cuda").manual_seed(T)
    q, k, v = (torch.randn(2, 8, T, 64, device="cuda", generator=g, dtype=dtype) for _ in range(3))
    ref = naive_attention(q.double(), k.double(), v.double(), causal=True)
    try:
        out = sdpa_attention(q, k, v, causal=True, backend=backend)
    except RuntimeError as exc:
        raise Unavailable(f"{backend}: {str(exc).splitlines()[0]}") from None
    assert out.dtype == dtype
    assert_close(out.double(), ref, **TOL[dtype])
    assert_close(tiled_attention(q, k, v, causal=True).double(), ref, **TOL[dtype])
    assert_close(naive_attention(q, k, v, causal=True).double(), ref, **TOL[dtype])


def check_cached_generation(kv, window):
    torch.manual_seed(0)
    style = "gpt" if kv is None else "llama"
    cfg = ModelConfig(vocab_size=64, d_model=64, n_layers=2, n_heads=4, n_kv_heads=kv, max_seq=64, style=style,
                      bias=style == "gpt", tied=style == "gpt", sliding_window=window)
    model = Transformer(cfg).cuda().eval()
    idx = torch.randint(0, 64, (2, 8), device="cuda")
    a, la = model.generate(idx, 16, greedy=True, return_logits=True)
    b, lb = model.generate(idx, 16, greedy=True, use_cache=False, return_logits=True)
    assert torch.equal(a, b)
    assert_close(la, lb, rtol=1e-4, atol=1e-4)


CASES = [(check_sdpa_backend, (dt, b, T)) for dt in (torch.float16, torch.bfloat16)
         for b in ("flash", "efficient", "cudnn", "math", None) for T in (1, 77, 1024)]
CASES += [(check_cached_generation, (kv, w)) for kv, w in ((None, None), (2, None), (2, 5))]
IDS = [f"{fn.__name__}{args}".replace(" ", "") for fn, args in CASES]

test_gpu = as_pytest(CASES, IDS)


if __name__ == "__main__":
    sys.exit(run_cases(CASES, IDS, "engine on cuda"))
