"""`studyxf serve` as a browser and other programs meet it: the real server on a free loopback port,
plain HTTP clients (urllib, aiohttp's websocket) checking that it answers only whoever has the
secret it printed, from its own pages, and runs a few apps at most; and in a real browser, headless
Chromium (the distribution's, installed by .ci/run) driven by Playwright loads the page, the app
starts, a key pressed in the page reaches it."""

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import ROOT, run_cli

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"), "/usr/bin/chromium")
                 if p and Path(p).exists()), None)
REFUSED = "open already, the most this studyxf serve runs at once"  # what a tab over the cap is told
ARTIFACTS = Path(os.environ.get("STUDYXF_TEST_ARTIFACTS", ROOT / "artifacts"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(url: str, limit: float) -> float:
    """Seconds until the server answers at all (a refusal included), within limit."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return time.monotonic() - started
        except urllib.error.HTTPError:
            return time.monotonic() - started
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"no answer on {url} within {limit} s")


@contextlib.contextmanager
def _serving(home, *args, limit=60.0):
    """`studyxf serve --port FREE ARGS` in the background: its printed lines, token and port; stopped
    by Ctrl-C at the end, its exit status and the rest of its stderr then in .rc and .err."""
    port = _free_port()
    env = dict(os.environ, STUDYXF_HOME=str(home), PYTHONPATH=str(ROOT))
    env.pop("STUDYXF_NOW", None)  # the timer runs on the wall clock here
    proc = subprocess.Popen([sys.executable, "-m", "studyxf", "serve", "--port", str(port), *args], env=env,
                            cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    served = SimpleNamespace(port=port, proc=proc, rc=None, err="")
    printed = []  # all written before the server listens (aiohttp runs on_startup first)
    try:
        served.answered_in = _answers(f"http://127.0.0.1:{port}/", limit)
        for _ in range(12):
            printed.append(proc.stderr.readline())
            if not printed[-1] or "?token=" in printed[-1] and (
                    "serving the app on" in printed[-1] or "on this machine" in printed[-1]):
                break
        served.printed = "".join(printed)
        served.token = re.search(r"\?token=([A-Za-z0-9_-]+)", served.printed).group(1)
        served.cookie = {"Cookie": f"studyxf-serve-{port}={served.token}"}
        yield served
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        _, rest = proc.communicate(timeout=30)
        served.rc, served.err = proc.returncode, "".join(printed) + rest


def _get(url: str, host: str | None = None, headers: dict | None = None) -> tuple[int, str, dict]:
    req = urllib.request.Request(url, headers={**({"Host": host} if host else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, res.read().decode("utf-8", "replace"), dict(res.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace"), dict(exc.headers)


def _reason(page: str) -> str:
    return re.search(r"<p>(.*)</p>", page).group(1)


async def _app_output(session, url: str, enough: int = 1000, **kwargs) -> str:
    """What a websocket client gets from the server: the app's screen (until `enough` bytes), or the
    reason it is refused; a handshake refused raises aiohttp.WSServerHandshakeError."""
    import aiohttp

    got = b""
    async with session.ws_connect(url + "?width=80&height=24", **kwargs) as sock:
        while len(got) < enough and REFUSED.encode() not in got:
            msg = await asyncio.wait_for(sock.receive(), 60)
            if msg.type != aiohttp.WSMsgType.BINARY and msg.type != aiohttp.WSMsgType.TEXT:
                break
            got += msg.data if msg.type == aiohttp.WSMsgType.BINARY else b""
    return got.decode("utf-8", "replace")


def test_serve_answers_within_5_s_prints_its_secret_and_ctrl_c_exits_130(home):
    with _serving(home, limit=5.0) as served:
        assert served.answered_in < 5.0
    assert served.rc == 130
    assert "Traceback" not in served.err
    assert f"http://127.0.0.1:{served.port}/?token={served.token}" in served.err and len(served.token) >= 40


def test_a_port_in_use_is_one_line(home):
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        res = run_cli("serve", "--port", str(held.getsockname()[1]))
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "cannot listen" in res.stderr


def test_without_the_secret_nothing_is_served_and_the_token_becomes_a_cookie(home):
    import aiohttp

    with _serving(home) as served:
        base = f"http://127.0.0.1:{served.port}/"
        for path in ("", "static/js/textual.js", "ws", "download/x"):
            status, page, _ = _get(base + path)
            assert status == 403 and "needs the secret" in _reason(page), path
        status, page, _ = _get(base + "?token=" + served.token[::-1])
        assert status == 403 and "is not this server" in _reason(page)
        status, page, _ = _get(base + "?token=" + served.token[:-1])
        assert status == 403 and "is not this server" in _reason(page)

        # the token URL: a cookie only this server's pages send, then the same URL without the token
        status, page, headers = _get(f"{base}?token={served.token}&fontsize=20")
        cookie = headers["Set-Cookie"]
        assert status == 200 and cookie.startswith(f"studyxf-serve-{served.port}={served.token};")
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert 'http-equiv="refresh" content="0; url=/?fontsize=20"' in page and served.token not in page
        status, page, headers = _get(base + "?fontsize=20", headers=served.cookie)
        assert status == 200 and "data-session-websocket-url" in page and 'data-font-size="20"' in page
        assert headers["Referrer-Policy"] == "no-referrer"
        assert _get(base + "static/js/textual.js", headers=served.cookie)[0] == 200
        assert _get(base, headers={"Cookie": f"studyxf-serve-{served.port}=guess"})[0] == 403

        async def websockets() -> tuple[int, str]:
            async with aiohttp.ClientSession() as session:
                try:
                    await _app_output(session, f"ws://127.0.0.1:{served.port}/ws")
                except aiohttp.WSServerHandshakeError as exc:
                    refused = exc.status
                # as the page's script opens it: the cookie, and the page's own Origin
                return refused, await _app_output(session, f"ws://127.0.0.1:{served.port}/ws", headers=served.cookie,
                                                  origin=f"http://127.0.0.1:{served.port}")

        refused, screen = asyncio.run(websockets())
    assert refused == 403
    assert len(screen) >= 1000 and REFUSED not in screen  # the app drew its screen
    assert served.rc == 130 and "Traceback" not in served.err


def test_a_foreign_origin_or_host_is_refused_even_with_the_secret(home):
    import aiohttp

    with _serving(home) as served:
        port, base = served.port, f"http://127.0.0.1:{served.port}/"
        # a page of another site; a DNS-rebinding name (evil.example pointed at 127.0.0.1)
        status, page, _ = _get(base, headers={**served.cookie, "Origin": "http://evil.example"})
        assert status == 403 and "A page from http://evil.example may not use" in _reason(page)
        for host in (f"evil.example:{port}", f"127.0.0.1.nip.io:{port}", f"192.0.2.7:{port}", f"localhost:{port + 1}",
                     'x"><script>'):
            status, page, _ = _get(base, host=host, headers=served.cookie)
            assert status == 403 and "does not answer to the address" in _reason(page), host
        assert "&lt;script&gt;" in page and "<script>" not in page
        # the loopback names of a loopback server are its own
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"127.0.0.2:{port}"):
            assert _get(base, host=host, headers=served.cookie)[0] == 200, host

        async def websockets() -> list[int]:
            statuses = []
            async with aiohttp.ClientSession() as session:
                for headers, origin in ((served.cookie, "http://evil.example"), (served.cookie, "null"),
                                        (served.cookie, f"http://localhost:{port}"),  # not the Host it sent
                                        ({**served.cookie, "Host": f"evil.example:{port}"}, None)):
                    try:
                        await _app_output(session, f"ws://127.0.0.1:{port}/ws", headers=headers, origin=origin)
                        statuses.append(101)
                    except aiohttp.WSServerHandshakeError as exc:
                        statuses.append(exc.status)
            return statuses

        statuses = asyncio.run(websockets())
    assert statuses == [403, 403, 403, 403]


def test_at_most_max_apps_run_and_a_closed_tab_frees_its_app(home):
    import aiohttp

    with _serving(home, "--max-apps", "1") as served:
        ws = f"ws://127.0.0.1:{served.port}/ws"

        async def tabs() -> tuple[str, int, str, str, str]:
            async with aiohttp.ClientSession(headers=served.cookie) as session:
                async with session.ws_connect(ws + "?width=80&height=24") as first:
                    screen = b""
                    while len(screen) < 1000:  # the first tab's app is up
                        msg = await asyncio.wait_for(first.receive(), 60)
                        assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
                        screen += msg.data if msg.type == aiohttp.WSMsgType.BINARY else b""
                    # a second tab: its page says why, and so does its websocket, in the terminal
                    async with session.get(f"http://127.0.0.1:{served.port}/") as res:
                        status, page = res.status, await res.text()
                    second = await _app_output(session, ws)
                # the first tab closed: its app ends and a new tab gets one
                third = ""
                for _ in range(5):
                    third = await _app_output(session, ws)
                    if REFUSED not in third:
                        break
                return screen.decode("utf-8", "replace"), status, page, second, third

        first, status, page, second, third = asyncio.run(tabs())
    assert REFUSED not in first
    reason = "1 app is open already, the most this studyxf serve runs at once: close a tab you no longer use"
    assert status == 403 and reason in _reason(page)
    assert reason in second
    assert len(third) >= 1000 and REFUSED not in third
    assert served.rc == 130 and "Traceback" not in served.err


def test_an_app_that_does_not_quit_when_its_tab_closes_is_killed_and_frees_its_slot(home):
    import aiohttp

    with _serving(home, "--max-apps", "1") as served:
        ws = f"ws://127.0.0.1:{served.port}/ws"

        async def tabs() -> tuple[list[str], str]:
            async with aiohttp.ClientSession(headers=served.cookie) as session:
                sock = await session.ws_connect(ws + "?width=80&height=24")
                screen = b""
                while len(screen) < 1000:
                    msg = await asyncio.wait_for(sock.receive(), 60)
                    assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
                    screen += msg.data if msg.type == aiohttp.WSMsgType.BINARY else b""
                pid = served.proc.pid
                (app,) = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
                os.kill(int(app), signal.SIGSTOP)  # hung: it will never read the quit it is sent
                await sock.close()
                later = []
                for _ in range(10):  # 2 s each (the server waits that long for a slot), ~5 s needed
                    later.append(await _app_output(session, ws))
                    if REFUSED not in later[-1]:
                        break
                return later, app

        later, app = asyncio.run(tabs())
    assert len(later[-1]) >= 1000 and REFUSED not in later[-1], later
    assert not Path(f"/proc/{app}").exists() or "Z" in Path(f"/proc/{app}/stat").read_text().split()[2]


def test_the_secret_cannot_be_turned_off(home):
    res = run_cli("serve", "--host", "0.0.0.0", "--no-token")
    assert res.returncode == 2 and "No such option '--no-token'" in res.stderr
    res = run_cli("serve", "--help")
    assert res.returncode == 0 and "secret" in res.stdout and "token" not in res.stdout  # no option sets it


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: .ci/run installs Debian's chromium package")
def test_in_chromium_the_app_starts_and_t_starts_the_timer(home):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serving(home) as served:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"])
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            # the printed URL: its token is traded for the cookie, and the page goes on without it
            page.goto(f"http://127.0.0.1:{served.port}/?token={served.token}")
            page.wait_for_url(f"http://127.0.0.1:{served.port}/", timeout=20000)
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
            # a browser that was never given the URL (a new context: no cookie) gets the reason
            other = browser.new_page()
            other.goto(f"http://localhost:{served.port}/")
            assert "needs the secret" in other.content()
            browser.close()
    timer = next(line for line in state.splitlines() if line.startswith("Timer:"))
    assert "running;" in timer, timer
    assert (ARTIFACTS / "serve-today.png").stat().st_size > 10_000


def test_on_every_interface_the_page_works_from_another_device_and_fetches_nothing_from_the_internet(home):
    import aiohttp

    from studyxf.commands.serve import addresses, machine_names

    received = ""
    with _serving(home, "--host", "0.0.0.0") as served:
        port = served.port
        # the secret holds here too: a device on the LAN without it is refused
        status, page, _ = _get(f"http://127.0.0.1:{port}/", host=f"192.0.2.55:{port}")
        assert status == 403 and "needs the secret" in _reason(page)
        # as a phone on the LAN asks for it: the page's URLs are the address it used, never 0.0.0.0
        status, html, _ = _get(f"http://127.0.0.1:{port}/", host=f"192.0.2.55:{port}", headers=served.cookie)
        assert status == 200
        assert f'data-session-websocket-url="ws://192.0.2.55:{port}/ws"' in html
        assert "0.0.0.0" not in html and "https://" not in html and "googleapis" not in html
        assets = re.findall(r'(?:href|src)="([^"]+)"|url\("([^"]+)"\)', html)
        local = [a or b for a, b in assets if not (a or b).startswith("http://www.w3.org")]
        assert any(p.endswith(".ttf") for p in local) and any(p.endswith("textual.js") for p in local)
        for path in local:  # root-relative, and each one is served here
            assert path.startswith("/"), path
            assert _get(f"http://127.0.0.1:{port}{path}", headers=served.cookie)[0] == 200, path
        # names: the machine's own and localhost, never another (DNS rebinding)
        for name in sorted(machine_names()) + ["localhost"]:
            assert _get(f"http://127.0.0.1:{port}/", host=f"{name}:{port}", headers=served.cookie)[0] == 200, name
        assert _get(f"http://127.0.0.1:{port}/", host=f"evil.example:{port}", headers=served.cookie)[0] == 403
        # the app itself, through the websocket the page names, from the machine's network address
        lan = next((url for url, what in addresses("0.0.0.0", port) if "another device" in what), None)
        if lan:
            ws = re.search(r'data-session-websocket-url="([^"]+)"', _get(lan, headers=served.cookie)[1]).group(1)
            assert ws == lan.replace("http://", "ws://") + "ws"

            async def first_screen() -> str:
                async with aiohttp.ClientSession(headers=served.cookie) as session:
                    return await _app_output(session, ws, origin=lan.rstrip("/"))

            received = asyncio.run(first_screen())
    assert "plain http" in served.err
    assert f"http://localhost:{port}/?token={served.token}" in served.err and f"0.0.0.0:{port}" not in served.err
    if lan:
        assert f"{lan}?token={served.token}" in served.err and len(received) >= 1000  # the app drew its screen
