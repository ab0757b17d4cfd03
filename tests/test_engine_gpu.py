"""GPU checks of the engine: skipped cleanly without CUDA. Run the whole set with benchmarks/gpu.sh."""

import pytest
import torch
from torch.testing import assert_close

from engine.attention import naive_attention, sdpa_attention, tiled_attention
from engine.config import ModelConfig
from engine.model import Transformer

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")

TOL = {torch.float16: dict(rtol=1e-3, atol=2e-3), torch.bfloat16: dict(rtol=1.6e-2, atol=1.6e-2)}


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("backend", ["flash", "efficient", "math", None])
@pytest.mark.parametrize("T", [1, 77, 1024])
def test_sdpa_backends_match_fp64_reference(dtype, backend, T):
    g = torch.Generator(device="cuda").manual_seed(T)
    q, k, v = (torch.randn(2, 8, T, 64, device="cuda", generator=g, dtype=dtype) for _ in range(3))
    ref = naive_attention(q.double(), k.double(), v.double(), causal=True)
    try:
        out = sdpa_attention(q, k, v, causal=True, backend=backend)
    except RuntimeError as exc:  # a backend this GPU or build does not offer
        pytest.skip(f"{backend}: {exc}")
    assert out.dtype == dtype
    assert_close(out.double(), ref, **TOL[dtype])
    assert_close(tiled_attention(q, k, v, causal=True).double(), ref, **TOL[dtype])


@pytest.mark.parametrize("kv", [None, 2])
def test_cached_generation_on_cuda(kv):
    torch.manual_seed(0)
    style = "gpt" if kv is None else "llama"
    cfg = ModelConfig(vocab_size=64, d_model=64, n_layers=2, n_heads=4, n_kv_heads=kv, max_seq=64, style=style,
                      bias=style == "gpt", tied=style == "gpt")
    model = Transformer(cfg).cuda().eval()
    idx = torch.randint(0, 64, (2, 8), device="cuda")
    a, la = model.generate(idx, 16, greedy=True, return_logits=True)
    b, lb = model.generate(idx, 16, greedy=True, use_cache=False, return_logits=True)
    assert torch.equal(a, b)
    assert_close(la, lb, rtol=1e-4, atol=1e-4)
