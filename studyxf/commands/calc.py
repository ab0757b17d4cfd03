"""The calculators: KV cache, parameters, attention cost."""

from __future__ import annotations

import click

from studyxf.commands.common import emit_json
MODELS = ["gpt2", "gpt3-175b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "mistral-7b"]
DTYPES = ["fp32", "fp16", "bf16", "fp8", "int8"]


@click.group()
def calc():
    """The engine's calculators: KV cache, parameters, attention cost."""


def _print_calc(data: dict, as_json: bool, lines: list[str]) -> int:
    if as_json:
        emit_json(data)
    else:
        for line in lines:
            click.echo(line)
    return 0


@calc.command("kv-cache")
@click.option("--model", required=True, type=click.Choice(MODELS))
@click.option("--tokens", required=True, type=click.IntRange(min=1))
@click.option("--batch", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--dtype", default="fp16", show_default=True, type=click.Choice(DTYPES))
@click.option("--json", "as_json", is_flag=True)
def calc_kv_cache(model, tokens, batch, dtype, as_json):
    """KV-cache bytes: 2 * L * n_kv_heads * d_head * bytes per token."""
    from engine import calc as c
    from engine.config import named

    r = c.kv_cache(named(model), tokens, batch, dtype)
    lines = [f"{model}: {r['n_layers']} layers x {r['n_kv_heads']} KV heads x d_head {r['d_head']}, {dtype}",
             f"per token (one sequence): {r['bytes_per_token']:,} bytes ({c.human_bytes(r['bytes_per_token'])})",
             f"{tokens} tokens x batch {batch}: {r['bytes']:,} bytes ({c.human_bytes(r['bytes'])})",
             f"without GQA it would be: {r['bytes_without_gqa']:,} bytes ({c.human_bytes(r['bytes_without_gqa'])})"]
    if "sliding_window" in r:
        lines.append(f"with its {r['sliding_window']}-token sliding window (rolling buffer): "
                     f"{r['bytes_with_window']:,} bytes ({c.human_bytes(r['bytes_with_window'])})")
    return _print_calc(r, as_json, lines)


@calc.command("params")
@click.option("--model", required=True, type=click.Choice(MODELS))
@click.option("--json", "as_json", is_flag=True)
def calc_params(model, as_json):
    """Parameter counts: total and per block (attention, MLP, norms)."""
    from engine import calc as c
    from engine.config import named

    cfg = named(model)
    r = c.params(cfg)
    b = r["per_block"]
    lines = [f"{model}: {r['total']:,} parameters ({c.human_count(r['total'])})  [{cfg.source}]",
             f"per block: attention {b['attention']:,} ({c.human_count(b['attention'])}), "
             f"MLP {b['mlp']:,} ({c.human_count(b['mlp'])}), norms {b['norms']:,}",
             f"{r['n_layers']} blocks: {r['blocks']:,}; embeddings: token {r['embeddings']['token']:,}, "
             f"position {r['embeddings']['position']:,}, unembed {r['embeddings']['unembed']:,} "
             f"({'tied' if cfg.tied else 'untied'}); final norm {r['final_norm']:,}"]
    return _print_calc(r, as_json, lines)


@calc.command("attention")
@click.option("--batch", required=True, type=click.IntRange(min=1))
@click.option("--layers", required=True, type=click.IntRange(min=1))
@click.option("--heads", required=True, type=click.IntRange(min=1))
@click.option("--head-dim", required=True, type=click.IntRange(min=1))
@click.option("--tokens", required=True, type=click.IntRange(min=1))
@click.option("--dtype", default="fp16", show_default=True, type=click.Choice(DTYPES))
@click.option("--json", "as_json", is_flag=True)
def calc_attention(batch, layers, heads, head_dim, tokens, dtype, as_json):
    """Attention FLOPs (QK^T + AV; a multiply-add counts 2) and score-matrix memory."""
    from engine import calc as c

    r = c.attention(batch, layers, heads, head_dim, tokens, dtype)
    lines = [f"FLOPs per layer (QK^T + AV): {r['flops_per_layer']:,} ({c.human_count(r['flops_per_layer'], 'FLOP')})",
             f"FLOPs, all {layers} layers: {r['flops']:,} ({c.human_count(r['flops'], 'FLOP')})",
             f"score matrix per layer ({dtype}): {r['matrix_bytes_per_layer']:,} bytes "
             f"({c.human_bytes(r['matrix_bytes_per_layer'])})",
             f"all layers, if every matrix were kept: {r['matrix_bytes']:,} bytes ({c.human_bytes(r['matrix_bytes'])})"]
    return _print_calc(r, as_json, lines)
