import json


PROBE = """
import os, sys, runpy
sys.argv = ["studyxf"] + {args!r}
os._exit = sys.exit  # the command leaves with os._exit (entry.leave): here, to look at what it imported
try:
    runpy.run_module("studyxf", run_name="__main__")
except SystemExit:
    pass
heavy = sorted(m for m in ("torch", "textual", "sqlite_utils", "textual_serve", "aiohttp", "fsrs", "transformers")
               if m in sys.modules)
sys.stderr.write("HEAVY=" + ",".join(heavy) + "\\n")
"""


def _heavy(args, home):
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(home))
    res = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args))], capture_output=True, text=True,
                         env=env, cwd=str(ROOT), timeout=120)
    line = [l for l in res.stderr.splitlines() if l.startswith("HEAVY=")][-1]
    return set(filter(None, line[6:].split(",")))


def test_help_imports_neither_textual_torch_nor_sqlite_utils(home):
    assert _heavy(["--help"], home) == set()


def test_today_plain_and_review_never_import_torch(home):
    for args in (["today", "--plain"], ["review", "--plain"]):
        # nor the web server (only `serve`) nor FSRS (only when chosen or compared)
        assert not _heavy(args, home) & {"torch", "textual_serve", "aiohttp", "fsrs", "transformers"}
    assert "torch" not in _heavy(["calc", "params", "--model", "gpt2"], home)


def test_today_plain_prints_the_whole_session(home, cli):
    res = cli("today", "--plain")
    assert res.returncode == 0
    out = res.stdout
    for needle in ("Transformers Part 1", "Agenda", "Deep dive", "Reading material", "Videos", "LeetCode — Two Sum",
                   "Assignment / Deliverables", "Post-session checklist",
                   "the solution of `studyxf drill causal-self-attention`", "session-01: Transformers Part 1"):
        assert needle in " ".join(out.split()), needle
    assert "class CausalSelfAttention" not in out  # the hands-on's code is that drill's solution: after a pass


def test_complete_moves_today_on_and_curriculum_runs_out(home, cli):
    for expected in ("transformers-1", "transformers-2", "lesson-21", "revision-1"):
        sessions = json.loads(cli("sessions", "--json").stdout)
        assert next(s for s in sessions if s["status"] == "today")["id"] == expected
        assert cli("complete").returncode == 0
    res = cli("today", "--plain")
    assert res.returncode == 0
    assert "every written session" in res.stdout and "RAG Part 1" in res.stdout and "Chunking strategies" in res.stdout
    assert "Reviews due now" in res.stdout
    sessions = json.loads(cli("sessions", "--json").stdout)
    assert [s["status"] for s in sessions] == ["done"] * 4 + ["upcoming"]


def test_unknown_session_is_a_usage_error(home, cli):
    res = cli("today", "--plain", "--session", "nope")
    assert res.returncode == 2 and res.stderr.startswith("studyxf: error: unknown session")


def test_notes_export(home, cli, tmp_path):
    from studyxf.store import progress
    from studyxf.study import open_study

    study = open_study()
    progress.save_notes(study.conn, "transformers-1", "attention is soft routing")
    progress.save_journal(study.conn, "transformers-1", surprised="the scale")
    res = cli("notes", "--export", str(tmp_path / "out"))
    assert res.returncode == 0
    text = (tmp_path / "out" / "session-01-transformers-1.md").read_text()
    assert "attention is soft routing" in text and "the scale" in text


def test_calc_json_contract(home, cli):
    kv = json.loads(cli("calc", "kv-cache", "--model", "llama-3-70b", "--tokens", "4096", "--json").stdout)
    assert kv["bytes"] == 1342177280 and kv["bytes_per_token"] == 327680
    batch = json.loads(cli("calc", "kv-cache", "--model", "llama-3-70b", "--tokens", "4096", "--batch", "3",
                           "--json").stdout)
    assert batch["bytes"] == 3 * 1342177280 and batch["bytes_per_token"] == 327680
    mistral = json.loads(cli("calc", "kv-cache", "--model", "mistral-7b", "--tokens", "8192", "--json").stdout)
    assert mistral["bytes"] == 8192 * 131072 and mistral["sliding_window"] == 4096
    p = json.loads(cli("calc", "params", "--model", "llama-3-8b", "--json").stdout)
    assert p["total"] == 8030261248
    assert (p["per_block"]["attention"], p["per_block"]["mlp"]) == (41943040, 176160768)
    a = json.loads(cli("calc", "attention", "--batch", "1", "--layers", "32", "--heads", "32", "--head-dim", "128",
                       "--tokens", "4096", "--json").stdout)
    assert a["flops_per_layer"] == 4 * 32 * 4096 ** 2 * 128 and a["matrix_bytes_per_layer"] == 32 * 4096 ** 2 * 2
    bad = cli("calc", "params", "--model", "gpt5")
    assert bad.returncode == 2 and bad.stderr.startswith("studyxf: error:")


def test_the_untouched_starter_gets_a_short_report_and_advice_is_said_once(home, cli, tmp_path):
    """Ten identical NotImplementedErrors are one line with the tests named; the float32 advice the
    diagnosis gives is not repeated under the failing tests."""
    from tests.conftest import ROOT

    starter = tmp_path / "mine.py"
    starter.write_text((ROOT / "drills" / "attention" / "starter_numpy.py").read_text())
    out = cli("drill", "attention", str(starter)).stdout
    assert "10 of 10 tests raised NotImplementedError: write attention here" in out
    assert out.count("raised NotImplementedError") == 2 and len(out.splitlines()) < 16
    promoted = tmp_path / "promoted.py"
    promoted.write_text(
        "import numpy as np\n\n\ndef attention(q, k, v, mask=None):\n"
        "    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(np.float64(q.shape[-1]))\n"
        "    if mask is not None:\n        s = np.where(mask, s, -np.inf)\n"
        "    e = np.exp(s - s.max(-1, keepdims=True))\n    return e / e.sum(-1, keepdims=True) @ v\n")
    out = " ".join(cli("drill", "attention", str(promoted)).stdout.split())
    assert "dtype-promoted" in out and out.count("NumPy 2 promotes") == 1
