"""Issue 44 item 5: a driven drill (kv-cache's decode_step, fed chunk by chunk with the caches it
returned) is diagnosed at the first call whose returned cache leaves the reference, with the entry
(the newest position, keys or values) and the learner's line; a call whose caches are right but
whose attention leaves the newest position out is named at the line that slices it."""

import pytest

from tests.drill_helpers import grade, sort

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

TORCH = '''import torch


def rope(x, positions, base=10000.0):
    d = x.shape[-1]
    ang = positions[:, None].to(x.dtype) * base ** (-torch.arange(0, d, 2, dtype=x.dtype) / d)
    cos, sin = ang.cos(), ang.sin()
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    dh = D // n_heads
    pos = torch.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).view(B, T, n_heads, dh).transpose(1, 2), pos)
    k = rope((x @ w_k).view(B, T, n_heads, dh).transpose(1, 2), pos)
    v = (x @ w_v).view(B, T, n_heads, dh)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k.transpose(1, 2)
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys = cache_k[:, :end].transpose(1, 2)
    vals = cache_v[:, :end].transpose(1, 2)
    s = q @ keys.transpose(-2, -1) / dh ** 0.5
    allowed = torch.arange(end)[None, :] <= pos[:, None]
    s = s.masked_fill(~allowed, float("-inf"))
    w = torch.softmax(s, dim=-1)
    out = (w @ vals).transpose(1, 2).reshape(B, T, D) @ w_o
    return out, cache_k, cache_v
'''


def _numpy():
    from tests.drill_helpers import DRILLS

    return DRILLS["kv-cache"].solution_text()


def _slip(source: str, old: str, new: str) -> str:
    assert old in source, old
    return source.replace(old, new)


NP_WRITE = "cache_k[:, start_pos:start_pos + T] = k.transpose(0, 2, 1, 3)"
TORCH_WRITE = "cache_k[:, start_pos:start_pos + T] = k.transpose(1, 2)"

# (framework, the slip's name, the source's edit, the line said, words the learner reads)
SLIPS = [
    ("numpy", "newest key never written", (NP_WRITE, "cache_k[:, start_pos:start_pos + T - 1] = "
                                           "k.transpose(0, 2, 1, 3)[:, :-1]"),
     24, ["returned cache_k (the keys' cache)", "at the newest position", "never written"]),
    ("torch", "newest key never written", (TORCH_WRITE, "cache_k[:, start_pos:start_pos + T - 1] = "
                                           "k.transpose(1, 2)[:, :-1]"),
     23, ["returned cache_k (the keys' cache)", "at the newest position", "never written"]),
    ("numpy", "RoPE on the values", ("v = split(x @ w_v)",
                                     "v = rope(split(x @ w_v).transpose(0, 2, 1, 3), pos).transpose(0, 2, 1, 3)"),
     22, ["returned cache_v (the values' cache)", "'k_rot'", "not to 'v'"]),
    ("torch", "RoPE on the values", ("v = (x @ w_v).view(B, T, n_heads, dh)",
                                     "v = rope((x @ w_v).view(B, T, n_heads, dh).transpose(1, 2), pos).transpose(1, 2)"),
     21, ["returned cache_v (the values' cache)", "'k_rot'", "not to 'v'"]),
    ("numpy", "keys written into the values' cache", ("cache_v[:, start_pos:start_pos + T] = v",
                                                      "cache_v[:, start_pos:start_pos + T] = k.transpose(0, 2, 1, 3)"),
     25, ["returned cache_v (the values' cache)", "'k_rot'", "where 'v'"]),
    ("torch", "written from position 0", ("cache_v[:, start_pos:start_pos + T] = v", "cache_v[:, :T] = v"),
     24, ["call 2 (start_pos = ", "returned cache_v", "written at positions 0"]),
    ("numpy", "newest position sliced off the attention", (
        "keys = cache_k[:, :end].transpose(0, 2, 1, 3)                   # (B, h, end, dh)\n"
        "    vals = cache_v[:, :end].transpose(0, 2, 1, 3)",
        "keys = cache_k[:, :end - 1].transpose(0, 2, 1, 3)\n    vals = cache_v[:, :end - 1].transpose(0, 2, 1, 3)\n"
        "    end = end - 1"),
     27, ["'keys'", "without its newest position (3)", "left out of the attention"]),
    ("torch", "newest position sliced off the attention", (
        "keys = cache_k[:, :end].transpose(1, 2)\n    vals = cache_v[:, :end].transpose(1, 2)",
        "keys = cache_k[:, :end - 1].transpose(1, 2)\n    vals = cache_v[:, :end - 1].transpose(1, 2)\n"
        "    end = end - 1"),
     26, ["'keys'", "without its newest position (3)", "left out of the attention"]),
]


@pytest.mark.parametrize("framework,name,edit,line,words", SLIPS, ids=[f"{s[0]}-{s[1]}" for s in SLIPS])
def test_a_cache_slip_is_named_at_its_call_entry_and_line(tmp_path, framework, name, edit, line, words):
    source = _slip(TORCH if framework == "torch" else _numpy(), *edit)
    report = grade(tmp_path, "kv-cache", source)
    assert report["status"] == "fail"
    first = report["diagnosis"][0]
    assert sort(first) == "located" and first["verified"], report["diagnosis"]
    assert first["line"] == line, first
    for w in words:
        assert w in first["message"], (w, first["message"])


def test_the_torch_slips_base_passes(tmp_path):
    assert grade(tmp_path, "kv-cache", TORCH)["status"] == "pass"


def test_caches_returned_as_given_beside_a_second_slip_are_said_at_the_return(tmp_path):
    """holdout12 kv-cache/02 (blind): RoPE on v too, and the old caches returned. The caches returned as
    they were given are a fact of the values alone; it was said as a measured departure at q's line,
    whose code is right."""
    from pathlib import Path

    from tests.drill_helpers import grade

    source = (Path(__file__).parent / "data" / "holdout12" / "kv-cache" / "learner_02.py").read_text()
    diagnosis = grade(tmp_path, "kv-cache", source)["diagnosis"]
    assert diagnosis[0]["line"] == 30 and diagnosis[0]["verified"], diagnosis
    assert "returns the cache_k and cache_v it was given" in diagnosis[0]["message"]
    assert not any(d.get("line") == 16 for d in diagnosis), diagnosis


def test_rope_pairs_written_as_halves_fail_on_the_caches_alone(tmp_path):
    """The pairs rotated right but written back as two halves: q and k are laid out alike, so every
    output is right; the task's step 3 stores k after RoPE, and the case that holds the returned caches
    against it fails, with the cause at the lines that write the halves."""
    source = _slip(TORCH, "    out = torch.empty_like(x)\n    out[..., 0::2] = x0 * cos - x1 * sin\n"
                          "    out[..., 1::2] = x0 * sin + x1 * cos\n    return out",
                   "    return torch.cat((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1)")
    report = grade(tmp_path, "kv-cache", source)
    failed = [t["name"] for t in report["tests"] if t["status"] != "pass"]
    assert report["status"] == "fail" and len(failed) == 1 and failed[0].startswith("the caches after chunks"), failed
    said = [d for d in report["diagnosis"] if d["verified"] and d.get("line") == 9]
    assert said and "interleaved" in said[0]["message"], report["diagnosis"]
