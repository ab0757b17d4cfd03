"""`studyxf serve` in a real browser: headless Chromium (the distribution's, installed by .ci/run)
driven by Playwright loads the page, the app starts, a key pressed in the page reaches it."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"), "/usr/bin/chromium")
                 if p and Path(p).exists()), None)
ARTIFACTS = Path(os.environ.get("STUDYXF_TEST_ARTIFACTS", ROOT / "artifacts"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(home, port):
    env = dict(os.environ, STUDYXF_HOME=str(home), PYTHONPATH=str(ROOT))
    env.pop("STUDYXF_NOW", None)  # the timer runs on the wall clock here
    return subprocess.Popen([sys.executable, "-m", "studyxf", "serve", "--port", str(port)], env=env, cwd=str(ROOT),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _wait_for_page(url: str, limit: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        try:
            with urllib.request.urlopen(url, timeout=1) as res:
                if res.status == 200:
                    return time.monotonic() - started
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"no answer on {url} within {limit} s")


def test_serve_answers_within_5_s_and_ctrl_c_exits_130(home):
    port = _free_port()
    proc = _start(home, port)
    try:
        assert _wait_for_page(f"http://127.0.0.1:{port}/", 5.0) < 5.0
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    assert "Traceback" not in err and f"http://127.0.0.1:{port}/" in err


def test_serve_elsewhere_warns_that_there_is_no_authentication(home):
    port = _free_port()
    env = dict(os.environ, STUDYXF_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "studyxf", "serve", "--host", "0.0.0.0", "--port", str(port)],
                            env=env, cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        _wait_for_page(f"http://127.0.0.1:{port}/", 5.0)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert "no authentication" in err


def test_a_port_in_use_is_one_line(home):
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        res = run_cli("serve", "--port", str(held.getsockname()[1]))
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "cannot listen" in res.stderr


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: .ci/run installs Debian's chromium package")
def test_in_chromium_the_app_starts_and_t_starts_the_timer(home):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")
    port = _free_port()
    proc = _start(home, port)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        _wait_for_page(f"http://127.0.0.1:{port}/", 5.0)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"])
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector(".xterm-screen", timeout=20000)
            page.locator("textarea.xterm-helper-textarea").focus()  # where xterm.js takes the keys
            state = ""
            for _ in range(8):  # the first key may arrive before the app is up: press until it runs
                page.keyboard.press("t")
                deadline = time.monotonic() + 4
                while time.monotonic() < deadline:
                    state = run_cli("today", "--plain", env={"STUDYXF_HOME": str(home)}).stdout
                    if "running;" in state or "paused;" in state:
                        break
                    time.sleep(0.3)
                if "running;" in state:
                    break
            page.wait_for_timeout(1500)
            page.screenshot(path=str(ARTIFACTS / "serve-today.png"))
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.communicate(timeout=20)
    timer = next(line for line in state.splitlines() if line.startswith("Timer:"))
    assert "running;" in timer, timer
    assert (ARTIFACTS / "serve-today.png").stat().st_size > 10_000
