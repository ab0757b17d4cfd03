import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Triton decorates its own standard library (tl.max, ...) when it is first imported, and transformers
# imports it (test_hf, before test_kernels): the in-process kernel gradings need the interpreter from
# the first import on. Gradings through the CLI get it from the judge, which sets it per drill.
os.environ.setdefault("TRITON_INTERPRET", "1")
# the judge a failing verdict keeps warm for the next command (kept.py) outlives a test run by a minute, not ten
os.environ.setdefault("STUDYXF_JUDGE_IDLE", "60")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: took 1 s or more (tests/slow.py); pytest -m 'not slow' leaves it out")


def pytest_collection_modifyitems(config, items):
    from tests import slow

    took = slow.seconds()
    for item in items:
        if item.nodeid in took:
            item.add_marker(pytest.mark.slow)
    # the longest first (a stable sort): the two workers take them in turn and end together
    items.sort(key=lambda item: -took.get(item.nodeid, 0.0))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data directory and a fixed clock (20:00 local on 2026-11-29)."""
    h = tmp_path / "home"
    monkeypatch.setenv("STUDYXF_HOME", str(h))
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:00:00")
    monkeypatch.delenv("STUDYXF_SESSIONS", raising=False)
    monkeypatch.delenv("STUDYXF_DRILLS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return h


def run_cli(*args, input=None, env=None, timeout=120):
    """Run `python -m studyxf` as a user would, from the source tree."""
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "studyxf", *args], input=input, capture_output=True,
                          text=True, env=full_env, timeout=timeout, cwd=str(ROOT))


@pytest.fixture
def cli():
    return run_cli
