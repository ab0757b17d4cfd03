"""`studyxf serve` in a real browser: headless Chromium (the distribution's, installed by .ci/run)
driven by Playwright loads the page, the app starts, a key pressed in the page reaches it."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
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


def _get(url: str, host: str | None = None) -> tuple[int, str]:
    req = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(req, timeout=5) as res:
            return res.status, res.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, ""


def test_on_every_interface_the_page_works_from_another_device_and_fetches_nothing_from_the_internet(home):
    import asyncio
    import re

    import aiohttp

    from studyxf.commands.serve import addresses

    port = _free_port()
    env = dict(os.environ, STUDYXF_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "studyxf", "serve", "--host", "0.0.0.0", "--port", str(port)],
                            env=env, cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    received = 0
    try:
        _wait_for_page(f"http://127.0.0.1:{port}/", 5.0)
        # as a phone on the LAN asks for it: the page's URLs are the address it used, never 0.0.0.0
        status, html = _get(f"http://127.0.0.1:{port}/", host=f"192.0.2.55:{port}")
        assert status == 200
        assert f'data-session-websocket-url="ws://192.0.2.55:{port}/ws"' in html
        assert "0.0.0.0" not in html and "https://" not in html and "googleapis" not in html
        assets = re.findall(r'(?:href|src)="([^"]+)"|url\("([^"]+)"\)', html)
        local = [a or b for a, b in assets if not (a or b).startswith("http://www.w3.org")]
        assert any(p.endswith(".ttf") for p in local) and any(p.endswith("textual.js") for p in local)
        for path in local:  # root-relative, and each one is served here
            assert path.startswith("/"), path
            assert _get(f"http://127.0.0.1:{port}{path}")[0] == 200, path
        assert _get(f"http://127.0.0.1:{port}/", host='x"><script>')[0] == 400
        # the app itself, through the websocket the page names, from the machine's network address
        lan = next((url for url, what in addresses("0.0.0.0", port) if "another device" in what), None)
        if lan:
            ws = re.search(r'data-session-websocket-url="([^"]+)"', _get(lan)[1]).group(1)
            assert ws == lan.replace("http://", "ws://") + "ws"

            async def first_bytes() -> int:
                got = 0
                async with aiohttp.ClientSession() as session:
                    async with session.ws_connect(ws + "?width=80&height=24") as sock:
                        while got < 1000:
                            msg = await asyncio.wait_for(sock.receive(), 60)
                            if msg.type != aiohttp.WSMsgType.BINARY and msg.type != aiohttp.WSMsgType.TEXT:
                                break
                            got += len(msg.data) if msg.type == aiohttp.WSMsgType.BINARY else 0
                return got

            received = asyncio.run(first_bytes())
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert "no authentication" in err
    assert f"http://localhost:{port}/" in err and f"0.0.0.0:{port}" not in err
    if lan:
        assert lan in err and received >= 1000  # the app drew its screen
