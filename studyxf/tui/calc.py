"""The calculators on a screen: a named model's parameters as a table with a bar per component,
its KV cache at several context lengths, and the attention cost of the session's example."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from engine import calc
from engine.config import NAMED

MODELS = list(NAMED)


def renderables(model: str) -> list:
    cfg = NAMED[model]
    p = calc.params(cfg)
    b = p["per_block"]
    parts = [("attention (all blocks)", cfg.n_layers * b["attention"]), ("MLP (all blocks)", cfg.n_layers * b["mlp"]),
             ("norms (all blocks)", cfg.n_layers * b["norms"]), ("token embedding", p["embeddings"]["token"]),
             ("position embedding", p["embeddings"]["position"]), ("unembedding", p["embeddings"]["unembed"]),
             ("final norm", p["final_norm"])]
    table = Table(title=f"{model}: {p['total']:,} parameters ({calc.human_count(p['total'])})", box=None)
    for col, just in (("component", "left"), ("parameters", "right"), ("share", "right"), ("", "left")):
        table.add_column(col, justify=just)
    peak = max(v for _, v in parts)
    for name, value in parts:
        table.add_row(name, f"{value:,}", f"{value / p['total']:.1%}", "█" * round(30 * value / peak))
    kv = Table(title=f"KV cache, fp16 ({cfg.n_layers} layers x {cfg.kv_heads} KV heads x d_head {cfg.d_head})", box=None)
    for col in ("tokens", "bytes", "", "without GQA"):
        kv.add_column(col, justify="right")
    lengths = [1024, 4096, 8192, 32768]
    peak = calc.kv_cache(cfg, lengths[-1])["bytes"]
    for t in lengths:
        r = calc.kv_cache(cfg, t)
        kv.add_row(f"{t:,}", calc.human_bytes(r["bytes"]), "█" * max(1, round(24 * r["bytes"] / peak)),
                   calc.human_bytes(r["bytes_without_gqa"]))
    a = calc.attention(1, cfg.n_layers, cfg.n_heads, cfg.d_head, 4096)
    f = calc.forward_flops(cfg, 4096)["per_layer"]
    total = sum(f.values())
    flops = Table(title="One layer's forward FLOPs at T = 4096, B = 1", box=None)
    for col in ("part", "FLOPs", "share", ""):
        flops.add_column(col, justify="right")
    for name, value in (("Q, K, V, O projections", f["projections"]), ("QK^T", f["qk"]), ("A.V", f["av"]),
                        ("MLP", f["mlp"])):
        flops.add_row(name, calc.human_count(value, "FLOP"), f"{value / total:.0%}", "█" * round(24 * value / total))
    note = Text(f"Attention score matrices at T = 4096, fp16: {calc.human_bytes(a['matrix_bytes_per_layer'])} per "
                f"layer. Source: {cfg.source}", style="dim")
    return [table, Text(""), kv, Text(""), flops, Text(""), note]


class CalcScreen(Screen):
    BINDINGS = [Binding("n", "next_model", "Next model"), Binding("p", "prev_model", "Previous model"),
                Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, model: str = "llama-3-70b"):
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(id="calc")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        self.sub_title = f"calculators: {self.model}"
        self.query_one("#calc", Static).update(Group(*renderables(self.model)))

    def action_next_model(self, step: int = 1) -> None:
        self.model = MODELS[(MODELS.index(self.model) + step) % len(MODELS)]
        self.show()

    def action_prev_model(self) -> None:
        self.action_next_model(-1)
