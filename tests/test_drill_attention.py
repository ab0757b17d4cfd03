import json

GOOD_NP = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    t = e.sum(-1, keepdims=True)
    return np.divide(e, t, out=np.zeros_like(e), where=t > 0) @ v
"""

SDPA = """import torch.nn.functional as F
def attention(q, k, v, mask=None):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
"""


def _grade(cli, tmp_path, source, name="sub.py"):
    f = tmp_path / name
    f.write_text(source)
    res = cli("drill", "attention", str(f), "--json")
    return res, (json.loads(res.stdout) if res.stdout.strip() else None)


def test_correct_numpy_passes_and_no_scale_is_named(home, cli, tmp_path):
    res, report = _grade(cli, tmp_path, GOOD_NP)
    assert res.returncode == 0 and report["status"] == "pass" and report["framework"] == "numpy"
    assert report["version"] == 2 and report["diagnosis"] == []
    res, report = _grade(cli, tmp_path, GOOD_NP.replace(" / np.sqrt(q.shape[-1])", ""))
    assert res.returncode == 1 and report["status"] == "fail"
    assert [d["mistake"] for d in report["diagnosis"]] == ["no-scale"]
    failing = [t for t in report["tests"] if t["status"] == "fail"]
    assert "largest absolute error" in failing[0]["message"] and "tolerance" in failing[0]["message"]


def test_forbidden_sdpa_and_broken_files(home, cli, tmp_path):
    res, report = _grade(cli, tmp_path, SDPA)
    assert res.returncode == 1 and report["status"] == "fail"
    assert any(t["name"] == "forbidden" and "scaled_dot_product_attention" in t["message"] for t in report["tests"])
    res, report = _grade(cli, tmp_path, "def attention(q, k, v, mask=None):\n    return q +\n")
    assert res.returncode == 1 and report["status"] == "error" and "syntax error" in report["message"]
    res, report = _grade(cli, tmp_path, "x = 1\n")
    assert report["status"] == "error" and "defines no function" in report["message"]
    res = cli("drill", "attention", str(tmp_path / "missing.py"), "--json")
    assert res.returncode == 2 and res.stdout == ""
