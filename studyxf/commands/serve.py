"""`studyxf serve`: the whole app in a browser, through textual-serve (each page load starts
`studyxf today` on Textual's web driver, in the same data directory).

Two things differ from textual-serve's own page: its URLs are built from the Host the browser
asked for (textual-serve writes `http://<bind address>:PORT/...` into the page, which is
`http://0.0.0.0:...` when listening on every interface: no other device can open that), and it
fetches no font from the internet (textual-serve's page links Google Fonts; the same Roboto
Mono ships inside textual-serve and is served from /static/).

It answers only the learner (DESIGN.md, "`studyxf serve` answers only the learner"): a secret made
per run is in the URL it prints and is exchanged for a cookie; a request without either, or whose
Host or Origin is not this server's, gets 403 and a sentence that says why; at most a few apps run
at once."""

from __future__ import annotations

import asyncio
import hmac
import html
import ipaddress
import logging
import re
import secrets
import shlex
import socket
import sys

import click

from studyxf.errors import StudyxfError

# a Host header as a browser sends it: a name or IPv4 address, or a bracketed IPv6 one, and a port
_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?")
# textual-serve's page loads stylesheets from the internet (Google Fonts): those links are dropped
_EXTERNAL_LINK = re.compile(r"<link\b[^>]*\bhref=\"https?://[^\"]*\"[^>]*>\s*", re.S)
_FONTS = {"normal": "RobotoMono-VariableFont_wght.ttf", "italic": "RobotoMono-Italic-VariableFont_wght.ttf"}


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _unspecified(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _network_address(family: int) -> str | None:
    """This machine's address on the network that its default route leads to: connecting a UDP
    socket chooses the interface and sends nothing (the target is a documentation address)."""
    target = ("2001:db8::1", 9) if family == socket.AF_INET6 else ("192.0.2.1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(target)
            address = probe.getsockname()[0]
    except OSError:
        return None
    ip = ipaddress.ip_address(address.split("%")[0])
    return None if ip.is_loopback or ip.is_unspecified or ip.is_link_local else str(ip)


def addresses(host: str, port: int) -> list[tuple[str, str]]:
    """(URL, what it is) for each address a browser can open: the bound address itself, or, for
    every interface (0.0.0.0 or ::), the machine's network address, its name and localhost."""
    if not _unspecified(host):
        return [(_url(host, port), "")]
    families = [socket.AF_INET] + ([socket.AF_INET6] if ":" in host else [])  # "::" is both (bind_hosts)
    out = []
    for family in families:
        network = _network_address(family)
        if network:
            out.append((_url(network, port), "from another device on your network"))
    name = socket.gethostname()
    if name and name != "localhost":
        out.append((_url(name, port), "by this machine's name, where your network resolves it"))
    out.append((_url("localhost", port), "on this machine"))
    return out


def bind_hosts(host: str) -> list[str]:
    """What to listen on: "::" means every interface, IPv4 included, as in `python -m http.server`
    (asyncio binds "::" to IPv6 alone, so 0.0.0.0 is bound beside it)."""
    return ["::", "0.0.0.0"] if _unspecified(host) and ":" in host else [host]


MAX_APPS = 3  # apps running at once, one per tab: each is a `studyxf today` process (~55 MiB)
FREE_WAIT = 2.0  # seconds a page or websocket waits for a slot: a reloaded tab's old app is still closing
STOP_WAIT = 5.0  # seconds a closed tab's app has to quit before it is killed, so its slot is freed


def _split_host(value: str) -> tuple[str, int | None] | None:
    """(host, port or None) of a Host header or an Origin's host part, lower case, IPv6 unbracketed;
    None when it is not an address."""
    if not _HOST.fullmatch(value):
        return None
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        port = rest[1:]
    else:
        host, _, port = value.partition(":")
    return host.lower(), int(port) if port else None


def machine_names() -> set[str]:
    """The names this machine answers to on its own network: its host name, the name without its
    domain and the mDNS name (NAME.local). No DNS query: that may hang where DNS is broken."""
    name = socket.gethostname().lower()
    if not name:
        return set()
    short = name.split(".")[0]
    return {name, short, f"{short}.local"}


class Gate:
    """Whom `serve` answers: a request whose Host is an address of this server, whose Origin (sent
    by browsers with a websocket handshake and cross-origin requests) is this server's own, and
    that carries the run's secret (in the URL's token, or the cookie the token was exchanged for).

    Host names are checked because of DNS rebinding: a page on evil.example whose name is then
    pointed at 127.0.0.1 is same-origin with itself, and reaches this server with Host
    evil.example. An IP literal cannot be rebound, so any is fine unless the server listens on
    loopback (then only loopback ones); the names are localhost, the machine's own and the one it
    was told to listen on."""

    def __init__(self, bound: str, port: int, token: str, names: set[str] = frozenset()):
        self.port = port
        self.token = token
        self.cookie = f"studyxf-serve-{port}"  # cookies ignore ports: two servers keep two cookies
        self.loopback_only = _loopback(bound)
        self.names = {"localhost", *names}
        try:
            ipaddress.ip_address(bound)
        except ValueError:  # a name given to --host
            self.names.add(bound.lower())

    def _host_ok(self, host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return host in self.names
        return ip.is_loopback or not self.loopback_only

    def host_refusal(self, host_header: str | None) -> str | None:
        """Why a request with this Host header is refused, or None."""
        if not host_header:
            return "The request has no Host header, so studyxf serve cannot tell that it was asked for itself."
        parsed = _split_host(host_header)
        if parsed is None or not self._host_ok(parsed[0]) or (parsed[1] or 80) != self.port:
            return (f"studyxf serve does not answer to the address {host_header!r} (a page of another site "
                    "could be behind it): open the URL that studyxf serve printed.")
        return None

    def origin_refusal(self, origin: str | None, host_header: str) -> str | None:
        """Why a request from a page of this Origin is refused, or None (no Origin: not a page's
        request, or a same-origin GET)."""
        if origin is None:
            return None
        scheme, _, rest = origin.partition("://")
        parsed = _split_host(rest) if scheme in ("http", "https") else None
        here = _split_host(host_header)
        if parsed is None or here is None or (
                (parsed[0], parsed[1] or (443 if scheme == "https" else 80)) != (here[0], here[1] or 80)):
            return f"A page from {origin} may not use this studyxf: only the pages studyxf serve served can."
        return None

    def secret_refusal(self, token: str | None, cookie: str | None) -> str | None:
        """Why a request with this token (from its URL) or this cookie is refused, or None."""
        if token is not None:
            # compare_digest: the time taken says nothing about how much of a guess was right
            if hmac.compare_digest(token.encode(), self.token.encode()):
                return None
            return ("The secret in this address is not this server's: open the URL that studyxf serve printed "
                    "when it started (each run makes a new secret).")
        if cookie is not None and hmac.compare_digest(cookie.encode(), self.token.encode()):
            return None
        return ("This studyxf serve needs the secret that is part of the URL it printed: open that URL, "
                "with its ?token=.")


def refusal_page(reason: str) -> str:
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>studyxf serve: refused</title></head>\n'
            f"<body><p>{html.escape(reason)}</p></body></html>\n")


def entry_page(target: str) -> str:
    """The answer to the token URL (with the cookie): it goes on to the same URL without the token.
    A page rather than an HTTP redirect: a SameSite=Strict cookie is not sent on a redirect of a
    navigation that another site started (a link clicked in a web mail), but is on one started by
    this page."""
    target = html.escape(target)
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="0; url={target}"><title>studyxf</title></head>\n'
            f'<body><p><a href="{target}">Open studyxf</a></p></body></html>\n')


class Slots:
    """At most `size` apps at once; a slot is freed when its tab's app has ended."""

    def __init__(self, size: int):
        self.size = size
        self.used = 0
        self._changed = asyncio.Condition()

    async def _wait_free(self, wait: float) -> bool:
        try:
            await asyncio.wait_for(self._changed.wait_for(lambda: self.used < self.size), wait)
        except asyncio.TimeoutError:
            return False
        return True

    async def free_within(self, wait: float) -> bool:
        async with self._changed:
            return await self._wait_free(wait)

    async def take_within(self, wait: float) -> bool:
        async with self._changed:
            if not await self._wait_free(wait):
                return False
            self.used += 1
            return True

    async def give(self) -> None:
        async with self._changed:
            self.used -= 1
            self._changed.notify_all()

    def refusal(self) -> str:
        return (f"{self.size} app{'s are' if self.size != 1 else ' is'} open already, the most this studyxf serve "
                "runs at once: close a tab you no longer use, then reload this one.")


def page(html: str, static_url: str, fonts: list[str]) -> str:
    """textual-serve's page without its links to the internet, with the font it asks for served
    from here (@font-face over the files in its static folder; preloaded, so the terminal measures
    its cells in that font when the page's load event starts it)."""
    html = _EXTERNAL_LINK.sub("", html)
    faces = []
    for style, name in _FONTS.items():
        if name in fonts:
            if style == "normal":  # the terminal's text; italic is rare and loads when first drawn
                faces.append(f'<link rel="preload" href="{static_url}fonts/{name}" as="font" type="font/ttf" '
                             'crossorigin />')
            faces.append(f'<style>@font-face {{ font-family: "Roboto Mono"; font-style: {style}; font-weight: '
                         f'100 700; src: url("{static_url}fonts/{name}") format("truetype"); }}</style>')
    return html.replace("</head>", "    " + "\n    ".join(faces) + "\n  </head>", 1) if faces else html


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default; 0.0.0.0 for every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--max-apps", default=MAX_APPS, show_default=True, type=click.IntRange(1, 32),
              help="Apps (browser tabs) running at once; a further tab is told why it is refused.")
def serve(host, port, max_apps):
    """Serve the app (today, review, drills, labs, stats) to a browser.

    The URL it prints carries a secret made for this run: open that URL (from a tablet, the one
    with this machine's network address). There is no way to turn the secret off: any program on
    this machine can reach a loopback port."""
    try:
        # aiohttp and jinja2 (~0.3 s to import): only here, never for --help or today
        import aiohttp_jinja2
        from aiohttp import web
        from textual_serve.app_service import AppService
        from textual_serve.server import GracefulExit, Server, to_int
    except ImportError:
        raise StudyxfError("serving needs the textual-serve package: pip install textual-serve") from None

    gate = Gate(host, port, secrets.token_urlsafe(32), machine_names())
    slots = Slots(max_apps)

    def refused(reason: str):
        return web.Response(status=403, text=refusal_page(reason), content_type="text/html",
                            headers={"Cache-Control": "no-store"})

    async def no_referrer(request, response) -> None:  # the token never leaves in a Referer header
        response.headers["Referrer-Policy"] = "no-referrer"

    @web.middleware
    async def answer_only_the_learner(request, handler):
        # every path (page, websocket, static files, downloads): Host, then Origin, then the secret
        host_header = request.headers.get("Host")
        reason = gate.host_refusal(host_header) or gate.origin_refusal(request.headers.get("Origin"), host_header)
        if reason is None:
            token = request.query.get("token")
            reason = gate.secret_refusal(token, request.cookies.get(gate.cookie))
            if reason is None and token is not None and request.method in ("GET", "HEAD") \
                    and request.headers.get("Upgrade", "").lower() != "websocket":
                rest = [(k, v) for k, v in request.query.items() if k != "token"]
                response = web.Response(text=entry_page(str(request.rel_url.with_query(rest))),
                                        content_type="text/html", headers={"Cache-Control": "no-store"})
                response.set_cookie(gate.cookie, gate.token, httponly=True, samesite="Strict", path="/")
                return response
        if reason is not None:
            return refused(reason)
        return await handler(request)

    class StudyServer(Server):
        interrupted = False

        def request_exit(self) -> None:
            StudyServer.interrupted = True
            raise GracefulExit()

        def initialize_logging(self) -> None:  # warnings only: no line per request or connection
            logging.basicConfig(level="WARNING", format="studyxf serve: %(message)s")
            # asyncio's child watcher warns that its loop closed as Ctrl-C stops the server: not news
            logging.getLogger("asyncio").setLevel(logging.ERROR)

        async def _make_app(self):
            app = await super()._make_app()
            app.middlewares.append(answer_only_the_learner)
            app.on_response_prepare.append(no_referrer)
            return app

        async def on_startup(self, app) -> None:
            found = [(f"{url}?token={gate.token}", what) for url, what in addresses(host, self.port)]
            if len(found) == 1:
                click.echo(f"studyxf: serving the app on {found[0][0]} (Ctrl-C stops it)", err=True)
                return
            click.echo("studyxf: serving the app (Ctrl-C stops it); open", err=True)
            for url, what in found:
                click.echo(f"  {url}  ({what})", err=True)

        async def handle_index(self, request):
            # a further tab is told here, on a page, when the apps are all taken (a reloaded tab
            # waits for its old app to close)
            if not await slots.free_within(FREE_WAIT):
                return refused(slots.refusal())
            # the URLs in the page are the ones the browser used to reach it (its Host header)
            router = request.app.router
            static = str(router["static"].url_for(filename="/")).rstrip("/") + "/"
            scheme = "wss" if request.secure else "ws"
            context = {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"{scheme}://{request.host}{router['websocket'].url_for()}",
                "config": {"static": {"url": static}},
                "application": {"name": self.title},
            }
            html = aiohttp_jinja2.render_string("app_index.html", request, context)
            fonts = [p.name for p in (self.statics_path / "fonts").glob("*.ttf")]
            return web.Response(text=page(html, static, fonts), content_type="text/html")

        async def handle_websocket(self, request):
            """textual-serve's, with the cap: an app only in a free slot, the slot given back when
            the app has ended (killed if it has not quit within STOP_WAIT of its tab closing)."""
            websocket = web.WebSocketResponse(heartbeat=15)
            if not await slots.take_within(FREE_WAIT):
                await websocket.prepare(request)
                # the reason is written into the tab's terminal, and the socket stays open until the
                # tab goes: textual-serve's page covers the terminal once its socket closes
                await websocket.send_bytes(f"studyxf: {slots.refusal()}\r\n".encode())
                async for _ in websocket:
                    pass
                return websocket
            service = None
            try:
                await websocket.prepare(request)
                service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                     close=websocket.close, download_manager=self.download_manager)
                await service.start(to_int(request.query.get("width", "80"), 80),
                                    to_int(request.query.get("height", "24"), 24))
                await self._process_messages(websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:  # as textual-serve: one client's error is logged, the server goes on
                logging.getLogger("textual-serve").exception(error)
            finally:
                try:
                    if service is not None:
                        await self._end(service)
                finally:
                    await slots.give()
            return websocket

        @staticmethod
        async def _end(service) -> None:
            """Ask the app to quit, as textual-serve does; one still running STOP_WAIT later (hung,
            stopped) is killed, so that its slot is freed. Not by cancelling textual-serve's stop():
            its reader swallows the cancellation, and the wait would never end."""
            process = service._process

            async def quit_() -> None:
                await service.stop()  # returns once the app's output has closed
                if process is not None:
                    await process.wait()

            ending = asyncio.ensure_future(quit_())
            _, pending = await asyncio.wait({ending}, timeout=STOP_WAIT)
            if pending and process is not None and process.returncode is None:
                process.kill()  # its output closes with it, so stop() returns
                await asyncio.wait({ending}, timeout=STOP_WAIT)

    if not _loopback(host):
        where = f"every interface ({host})" if _unspecified(host) else host
        click.echo(f"studyxf: warning: listening on {where}: plain http, so the secret in the URL crosses the "
                   "network readable: use it on a network you trust", err=True)
    hosts = bind_hosts(host)
    for each in hosts:
        try:  # a port in use is one line, before the server prints anything
            with socket.socket(socket.AF_INET6 if ":" in each else socket.AF_INET) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if ":" in each:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)  # as asyncio will bind it
                probe.bind((each, port))
        except OSError as exc:
            raise StudyxfError(f"cannot listen on {each}:{port}: {exc.strerror or exc}") from None
    # exec: textual-serve starts the command through /bin/sh, and the process it may have to kill
    # (STOP_WAIT) must be the app itself, not a shell that would leave it running
    command = f"exec {shlex.quote(sys.executable)} -m studyxf today"
    server = StudyServer(command, host=host, port=port, title="studyxf")
    server.host = hosts if len(hosts) > 1 else host  # aiohttp's run_app takes a list of hosts
    server.serve()
    return 130 if StudyServer.interrupted else 0
