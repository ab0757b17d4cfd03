"""`studyxf serve`: the whole app in a browser, through textual-serve (each page load starts
`studyxf today` on Textual's web driver, in the same data directory)."""

from __future__ import annotations

import ipaddress
import shlex
import sys

import click

from studyxf.errors import StudyxfError


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
def serve(host, port):
    """Serve the app (today, review, drills, labs, stats) to a browser."""
    try:
        # aiohttp and jinja2 (~0.3 s to import): only here, never for --help or today
        from textual_serve.server import GracefulExit, Server
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
            click.echo(f"studyxf: serving the app on {self.public_url}/ (Ctrl-C stops it)", err=True)

    if not _loopback(host):
        click.echo(f"studyxf: warning: listening on {host}: there is no authentication, anyone who can reach "
                   f"port {port} can use your study data", err=True)
    import socket

    try:  # a port in use is one line, before the server prints anything
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise StudyxfError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    command = f"{shlex.quote(sys.executable)} -m studyxf today"
    server = StudyServer(command, host=host, port=port, title="studyxf")
    server.serve()
    return 130 if StudyServer.interrupted else 0
