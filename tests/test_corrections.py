"""Every figure the shipped content states where it corrects a seed is recomputed here by the
engine's calculators, and found in the words the learner reads (corrections and cards)."""

import math

import pytest
import yaml

from engine import calc
from engine.config import named
from tests.conftest import ROOT

GIB, KIB, TIB = 1024 ** 3, 1024, 1024 ** 4


def _session(sid: str) -> dict:
    return yaml.safe_load(next((ROOT / "sessions").glob(f"*-{sid}.yaml")).read_text(encoding="utf-8"))


def _text(sid: str, *, corrections: str = "", card: str = "") -> str:
    data = _session(sid)
    if corrections:
        c = next(c for c in data["corrections"] if corrections in c["topic"])
        return " ".join(str(v) for v in c.values())
    r = next(r for r in data["recall"] if r["id"] == card)
    return f"{r['prompt']} {r['answer']}"


def _llama_hidden(d_model: int, multiplier: float, multiple_of: int) -> int:
    """Llama's FeedForward: 2/3 of 4d, times ffn_dim_multiplier, rounded up to multiple_of."""
    hidden = int(2 * (4 * d_model) / 3)
    hidden = int(multiplier * hidden)
    return multiple_of * ((hidden + multiple_of - 1) // multiple_of)


def test_llama3_8b_mlp_width_and_parameters():
    cfg = named("llama-3-8b")
    assert int(2 * 4 * cfg.d_model / 3) == 10922
    assert _llama_hidden(cfg.d_model, 1.3, 1024) == cfg.d_ff == 14336
    mlp = calc.block_params(cfg)["mlp"]
    assert mlp == 3 * 4096 * 14336
    gelu_4x = 2 * 4096 * 4 * 4096
    for where in (_text("transformers-2", card="swiglu-width"),
                  _text("transformers-2", corrections="14336 wide")):
        assert f"{mlp / 1e6:.1f}M" in where and f"{gelu_4x / 1e6:.1f}M" in where  # 176.2M, 134.2M
        assert "10,922" in where and "14,336" in where
        assert f"{round(100 * (mlp / gelu_4x - 1))}%" in where  # 31%
    per_block = calc.block_params(cfg)
    assert f"{per_block['attention'] / 1e6:.1f}M" in _text("transformers-2", corrections="per-block")  # 41.9M


@pytest.mark.parametrize("model,tokens,where,expected", [
    ("llama-3-70b", 4096, ("transformers-2", "corrections", "KV cache for Llama-3-70B"), "1.25 GiB"),
    ("llama-3-70b", 4096, ("transformers-2", "card", "kv-cache-llama3-70b"), "1.25 GiB"),
    ("llama-3-70b", 1, ("transformers-2", "card", "kv-cache-per-token"), "320 KiB"),
    ("llama-2-70b", 4096, ("lesson-21", "corrections", "Llama 2 70B at 4K"), "1.25 GiB"),
    ("llama-2-70b", 8192, ("lesson-21", "card", "kv-cache-llama2-70b"), "2.5 GiB"),
])
def test_kv_cache_figures(model, tokens, where, expected):
    got = calc.kv_cache(named(model), tokens)
    value, unit = expected.split()
    assert got["bytes"] == pytest.approx(float(value) * {"GiB": GIB, "KiB": KIB}[unit])
    assert got["bytes_per_token"] == 327_680
    sid, kind, key = where
    text = _text(sid, **{"corrections" if kind == "corrections" else "card": key})
    assert expected in text and "327,680" in text


def test_attention_matrix_at_32k_is_one_layers_64_gib():
    got = calc.attention(batch=1, layers=32, heads=32, head_dim=128, tokens=32768)
    assert got["matrix_bytes_per_layer"] == 64 * GIB and got["matrix_bytes"] == 2 * TIB
    text = _text("transformers-1", corrections="32k")
    assert "64 GiB" in text and "2 TiB" in text


def test_llama3_70b_total_parameters():
    total = calc.params(named("llama-3-70b"))["total"]
    assert f"{total / 1e9:.2f}B" in _text("transformers-2", corrections="by the slice")  # 70.55B


def test_llama3_rope_base_turns_its_slowest_pair_47x_slower():
    torch = pytest.importorskip("torch")
    from engine.positional import rope_angles

    assert named("llama-3-70b").rope_base == named("llama-3-8b").rope_base == 500000.0
    one = torch.tensor([1])
    slow_llama = rope_angles(one, 128, base=500000.0)[0, -1].item()
    slow_roformer = rope_angles(one, 128, base=10000.0)[0, -1].item()
    text = _text("transformers-2", corrections="RoPE base")
    def short(x):  # 2.46e-06 -> 2.46e-6, as the text writes it
        return f"{x:.2e}".replace("e-0", "e-")

    assert short(slow_llama) in text and short(slow_roformer) in text
    assert f"{round(slow_roformer / slow_llama)}x" in text
    assert math.isclose(slow_roformer, 10000 ** (-126 / 128))
