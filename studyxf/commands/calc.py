"""The calculators: KV cache, parameters, attention cost."""

from __future__ import annotations

import click

from studyxf.commands.common import emit_json
MODELS = ["gpt2", "gpt3-175b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "mistral-7b"]
DTYPES = ["fp32", "fp16", "bf16", "fp8", "int8"]


class TokenCount(click.ParamType):
    """A count of tokens as context lengths are spoken of: 4096, 8k, 128k, 1M (k = 1024, M = 1024^2,
    so 8k is 8192 and 128k is 131072, as the models' context windows are counted)."""

    name = "tokens"
    _UNITS = {"": 1, "k": 1024, "m": 1024 ** 2}

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        import re
        from fractions import Fraction

        text = str(value).strip().replace("_", "").replace(",", "")
        m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kKmM]?)", text)
        if not m:
            self.fail(f"{value!r} is not a token count (write 4096, 8k, 128k or 1M; k = 1024)", param, ctx)
        count = Fraction(m.group(1)) * self._UNITS[m.group(2).lower()]
        if count.denominator != 1:
            self.fail(f"{value!r} is {float(count):g} tokens, not a whole number", param, ctx)
        if count < 1:
            self.fail(f"{value!r}: at least 1 token", param, ctx)
        return int(count)


TOKENS = TokenCount()


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


def _model(given, option):
    """The model named as an argument (`calc kv-cache llama-3-8b`, as the README writes it) or with
    --model; both, when they differ, is an error."""
    if given and option and given != option:
        raise click.UsageError(f"two models given: {given} and --model {option}")
    return given or option


MODEL_ARG = click.argument("model_arg", metavar="[MODEL]", required=False, type=click.Choice(MODELS))


@calc.command("kv-cache")
@MODEL_ARG
@click.option("--model", type=click.Choice(MODELS), help="A known model (its shape; the options below change it); "
              "may also be given first, without --model.")
@click.option("--tokens", type=TOKENS, help="Tokens per sequence: 4096, 8k, 128k, 1M (k = 1024); with a model, "
              "its context window by default.")
@click.option("--batch", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--dtype", default="fp16", show_default=True, type=click.Choice(DTYPES))
@click.option("--dtype-bytes", type=click.IntRange(min=1), help="Bytes per element, for a dtype not listed.")
@click.option("--layers", type=click.IntRange(min=1), help="Layers (without --model: needed).")
@click.option("--kv-heads", type=click.IntRange(min=1), help="KV heads (without --model: needed).")
@click.option("--head-dim", type=click.IntRange(min=1), help="d_head (without --model: needed).")
@click.option("--heads", type=click.IntRange(min=1), help="Query heads: for the figure without GQA.")
@click.option("--json", "as_json", is_flag=True)
def calc_kv_cache(model_arg, model, tokens, batch, dtype, dtype_bytes, layers, kv_heads, head_dim, heads, as_json):
    """KV-cache bytes: 2 * L * n_kv_heads * d_head * bytes per token, for a known model or any shape."""
    from engine import calc as c

    model = _model(model_arg, model)
    cfg, shape = _kv_shape(model, layers, kv_heads, head_dim, heads)
    window = None
    if tokens is None:
        if model is None:
            raise click.UsageError("calc kv-cache: give --tokens (4096, 8k, 128k, 1M) for a shape without a model")
        from engine.config import named

        tokens = window = named(model).max_seq  # the whole context window: the figure a learner asks first
    element = dtype_bytes or dtype
    r = c.kv_cache(cfg, tokens, batch, element)
    if dtype_bytes:
        r["dtype"] = f"{dtype_bytes} byte{'s' if dtype_bytes > 1 else ''} per element"
    name = f"{model} ({shape})" if model and shape else model or "custom"
    lines = [f"{name}: {r['n_layers']} layers x {r['n_kv_heads']} KV heads x d_head {r['d_head']}, {r['dtype']}",
             f"per token (one sequence): {r['bytes_per_token']:,} bytes ({c.human_bytes(r['bytes_per_token'])})",
             f"{tokens:,} tokens{' (its context window; --tokens for another length)' if window else ''} x batch "
             f"{batch}: {r['bytes']:,} bytes ({c.human_bytes(r['bytes'])})"]
    if model is None and heads is None:  # the query heads are not known: no figure without GQA
        del r["bytes_without_gqa"]
    elif cfg.kv_heads != cfg.n_heads:
        lines.append(f"without GQA ({cfg.n_heads} KV heads, one per query head) it would be: "
                     f"{r['bytes_without_gqa']:,} bytes ({c.human_bytes(r['bytes_without_gqa'])})")
    if "sliding_window" in r:
        lines.append(f"with its {r['sliding_window']}-token sliding window (rolling buffer): "
                     f"{r['bytes_with_window']:,} bytes ({c.human_bytes(r['bytes_with_window'])})")
    return _print_calc(r, as_json, lines)


def _kv_shape(model, layers, kv_heads, head_dim, heads):
    """The config to compute with: the named model's, changed by the options given; without a
    model, the options alone (--layers, --kv-heads and --head-dim all needed)."""
    from engine.config import ModelConfig, named

    given = {"layers": layers, "kv-heads": kv_heads, "head-dim": head_dim, "heads": heads}
    shape = ", ".join(f"{k} {v}" for k, v in given.items() if v is not None)
    if model is None:
        missing = [f"--{k}" for k in ("layers", "kv-heads", "head-dim") if given[k] is None]
        if missing:
            raise click.UsageError(f"calc kv-cache: give --model NAME, or --layers, --kv-heads and --head-dim "
                                   f"(missing: {', '.join(missing)})")
        base = ModelConfig(name="custom", n_layers=layers, n_heads=heads or kv_heads, n_kv_heads=kv_heads,
                           d_model=(heads or kv_heads) * head_dim)
    else:
        base = named(model)
        layers, kv_heads, head_dim = layers or base.n_layers, kv_heads or base.kv_heads, head_dim or base.d_head
        heads = heads or base.n_heads
        base = base.with_(n_layers=layers, n_heads=heads, n_kv_heads=kv_heads, d_model=heads * head_dim)
    if base.n_heads % base.kv_heads:
        raise click.UsageError(f"calc kv-cache: {base.n_heads} query heads do not share {base.kv_heads} KV heads "
                               f"evenly (--heads must be a multiple of --kv-heads)")
    return base, shape


@calc.command("params")
@MODEL_ARG
@click.option("--model", type=click.Choice(MODELS), help="The model; may also be given first, without --model.")
@click.option("--json", "as_json", is_flag=True)
def calc_params(model_arg, model, as_json):
    """Parameter counts: total and per block (attention, MLP, norms)."""
    from engine import calc as c
    from engine.config import named

    model = _model(model_arg, model)
    if model is None:
        raise click.UsageError(f"calc params: which model? ({', '.join(MODELS)})")
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
@click.option("--tokens", required=True, type=TOKENS, help="Tokens: 4096, 8k, 128k, 1M (k = 1024).")
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
