"""The labs' numbers as rich renderables (bars, shaded grids, tables): printed by
`studyxf lab NAME --plain` and shown in the lab screens."""

from __future__ import annotations

import math

from rich.table import Table
from rich.text import Text

SHADES = " ░▒▓█"


def bar(value: float, peak: float, width: int = 30) -> str:
    n = 0 if peak <= 0 else round(width * value / peak)
    return "█" * n


def scaling(scaled, unscaled, params: dict, summary: dict | None = None) -> list:
    out = [Text("att[0, 0, 5]: query 5 over its 6 visible keys, head 0 (" +
                ", ".join(f"{k}={v}" for k, v in params.items()) + ")", style="bold")]
    for label, row in (("with 1/sqrt(d_head)", scaled), ("without the scale", unscaled)):
        out.append(Text(f"\n{label}: max {row.max_prob:.3f}, entropy {row.entropy:.3f} nats "
                        f"(uniform {math.log(len(row.weights)):.3f}), softmax gradient norm "
                        f"{row.grad_norm:.4f}", style="bold"))
        for j, w in enumerate(row.weights):
            out.append(Text(f"  key {j}  {w:6.3f}  {bar(w, 1.0, 40)}"))
    if summary:
        out.append(Text(f"\nOver {summary['seeds']} seeds: median largest weight {summary['median_max_scaled']:.3f} "
                        f"scaled vs {summary['median_max_unscaled']:.3f} unscaled; above 0.9: "
                        f"{summary['share_above_0.9_scaled']:.1%} vs {summary['share_above_0.9_unscaled']:.1%}; "
                        f"median gradient norm {summary['median_grad_scaled']:.4f} vs "
                        f"{summary['median_grad_unscaled']:.4f}."))
    return out


def grid(labels_rows: list[str], labels_cols: list[str], values, title: str, colour: bool = True):
    """A heatmap: one cell per value in [0, 1] (shade characters, and a background when colour)."""
    # a space between cells in colour too: in a terminal of 256 colours or fewer neighbouring shades are
    # alike and touching numbers ran together ("0.501.00")
    table = Table(title=title, show_header=True, header_style="bold", box=None, padding=(0, 0, 0, 1))
    table.add_column("", justify="right")
    for c in labels_cols:
        table.add_column(c[:4], justify="center", width=4)
    peak = float(max(max(r) for r in values)) or 1.0
    for label, row in zip(labels_rows, values):
        cells = []
        for v in row:
            level = max(0.0, float(v)) / peak
            shade = SHADES[min(len(SHADES) - 1, int(level * (len(SHADES) - 1) + 0.5))] * 4
            if colour:
                g = int(40 + 215 * level)
                cells.append(Text(f"{v:4.2f}"[:4] if v >= 0.005 else "    ", style=f"black on rgb({g // 3},{g},{g // 2})"))
            else:  # piped or NO_COLOR: the numbers themselves, which read as text
                cells.append(Text(f"{v:4.2f}"[:4] if v >= 0.005 else "   ."))
        table.add_row(label, *cells)
    return table


# the weights come from random, untrained W_Q and W_K on random word vectors (labs/heatmap.py): the
# title says so, or a learner reads "it -> cat" into noise (issue 45)
UNTRAINED = ("random, untrained W_Q and W_K on random word vectors: the mechanics of a causal softmax, "
             "not what a trained model attends to")


def heatmap(tokens: list[str], weights, head: int, source: str, colour: bool = True) -> list:
    return [Text(f"Attention weights, head {head} of {len(weights)} ({source}); rows are queries, "
                 f"columns keys; causal", style="bold"),
            Text(f"From {UNTRAINED}."),
            grid(tokens, tokens, weights[head].tolist(), "", colour)]


def positional(matrix, rope: dict, sinus: dict, spread_rope: float, spread_sin: float, colour: bool = True,
               width: int = 120) -> list:
    T, d = matrix.shape
    shown = matrix[:, : max(4, min(d, 24, (width - 6) // 5))]  # as many columns as fit
    scaled = ((shown + 1) / 2).tolist()
    out = [grid([str(p) for p in range(T)][:T], [str(i) for i in range(shown.shape[1])], scaled,
                f"Sinusoidal encoding, positions 0..{T - 1} (rows) x first {shown.shape[1]} of {d} dims", colour)]
    # the sinusoidal columns are PE(m).PE(n), the encodings alone: not a score a model computes (issue 45)
    table = Table(title="By m - n, at three starting positions m: RoPE's (R_m q).(R_n k) for one random q, k; "
                        "sinusoidal PE(m).PE(n), the encodings alone", box=None, padding=(0, 0, 0, 1))
    table.add_column("m - n", justify="right")
    for name in ("RoPE m=30", "m=200", "m=1000", "sinusoidal m=30", "m=200", "m=1000"):
        table.add_column(name, justify="right")
    for off in list(rope)[:: max(1, len(rope) // 16)]:
        table.add_row(str(off), *(f"{v:7.2f}" for v in rope[off]), *(f"{v:7.2f}" for v in sinus[off]))
    out += [Text(""), table,
            Text(f"Largest disagreement between starting positions at one offset: RoPE {spread_rope:.1e}, "
                 f"sinusoidal PE.PE {spread_sin:.1e}. RoPE's q.k depends on m - n alone for any q and k. The "
                 f"sinusoidal PE.PE does too, but a model adds PE to the token and applies W_Q and W_K: its score "
                 f"(x_m + PE_m) W_Q W_K^T (x_n + PE_n) has content-position terms that depend on m and n "
                 f"themselves, and in general its position-position term PE_m W_Q W_K^T PE_n too: that term "
                 f"is relative only when W_Q W_K^T acts on each frequency's sin-cos pair as a scaled rotation "
                 f"(and mixes no two frequencies).")]
    return out


def kvcache(result: dict) -> list:
    out = [Text(f"{result['tokens']} tokens generated, same tokens with and without the cache: "
                f"{result['same_tokens']}", style="bold"),
           Text(f"with the cache: {result['cached_tokens_per_s']:.0f} tokens/s; recomputing: "
                f"{result['uncached_tokens_per_s']:.0f} tokens/s ({result['speedup']:.1f}x)")]
    table = Table(title=f"KV cache in use (fp32, {result['bytes_per_token']:,} bytes per token predicted)", box=None)
    for col in ("tokens", "in the cache's tensors", "calculator", ""):
        table.add_column(col, justify="right")
    peak = max(g["measured_bytes"] for g in result["growth"])
    for g in result["growth"]:
        table.add_row(str(g["tokens"]), f"{g['measured_bytes']:,}", f"{g['predicted_bytes']:,}",
                      bar(g["measured_bytes"], peak, 24))
    out += [table, Text(f"allocated up front (max_seq slots): {result['allocated_bytes']:,} bytes")]
    return out


def loss_curve(losses: list[float], width: int = 60, height: int = 8) -> Text:
    """The loss as a small chart of block characters (averaged into `width` columns)."""
    if not losses:
        return Text("(no steps yet)")
    n = len(losses)
    cols = [sum(losses[i * n // width:max(i * n // width + 1, (i + 1) * n // width)]) /
            max(1, len(losses[i * n // width:max(i * n // width + 1, (i + 1) * n // width)]))
            for i in range(min(width, n))]
    lo, hi = min(cols), max(cols)
    rows = []
    for level in range(height, 0, -1):
        threshold = lo + (hi - lo) * (level - 0.5) / height
        rows.append("".join("█" if c >= threshold else " " for c in cols))
    return Text(f"loss {hi:.2f}\n" + "\n".join(rows) + f"\nloss {lo:.2f}   ({n} steps)")
