"""`studyxf serve`: the whole app in a browser, through textual-serve (each page load starts
`studyxf today` on Textual's web driver, in the same data directory).

Two things differ from textual-serve's own page: its URLs are built from the Host the browser
asked for (textual-serve writes `http://<bind address>:PORT/...` into the page, which is
`http://0.0.0.0:...` when listening on every interface: no other device can open that), and it
fetches no font from the internet (textual-serve's page links Google Fonts; the same Roboto
Mono ships inside textual-serve and is served from /static/)."""

from __future__ import annotations

import ipaddress
import re
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
def serve(host, port):
    """Serve the app (today, review, drills, labs, stats) to a browser."""
    try:
        # aiohttp and jinja2 (~0.3 s to import): only here, never for --help or today
        import aiohttp_jinja2
        from aiohttp import web
        from textual_serve.server import GracefulExit, Server, to_int
    except ImportError:
        raise StudyxfError("serving needs the textual-serve package: pip install textual-serve") from None

    class StudyServer(Server):
        interrupted = False

        def request_exit(self) -> None:
            StudyServer.interrupted = True
            raise GracefulExit()

        def initialize_logging(self) -> None:  # warnings only: no line per request or connection
            import logging

            logging.basicConfig(level="WARNING", format="studyxf serve: %(message)s")
            # asyncio's child watcher warns that its loop closed as Ctrl-C stops the server: not news
            logging.getLogger("asyncio").setLevel(logging.ERROR)

        async def on_startup(self, app) -> None:
            found = addresses(host, self.port)
            if len(found) == 1:
                click.echo(f"studyxf: serving the app on {found[0][0]} (Ctrl-C stops it)", err=True)
                return
            click.echo("studyxf: serving the app (Ctrl-C stops it); open", err=True)
            for url, what in found:
                click.echo(f"  {url:<28} {what}", err=True)

        async def handle_index(self, request):
            # the URLs in the page are the ones the browser used to reach it (its Host header)
            if not _HOST.fullmatch(request.host or ""):
                raise web.HTTPBadRequest(text="studyxf serve: the request's Host header is not an address")
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

    if not _loopback(host):
        where = f"every interface ({host})" if _unspecified(host) else host
        click.echo(f"studyxf: warning: listening on {where}: there is no authentication, anyone who can reach "
                   f"port {port} can use your study data", err=True)
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
    command = f"{shlex.quote(sys.executable)} -m studyxf today"
    server = StudyServer(command, host=host, port=port, title="studyxf")
    server.host = hosts if len(hosts) > 1 else host  # aiohttp's run_app takes a list of hosts
    server.serve()
    return 130 if StudyServer.interrupted else 0
