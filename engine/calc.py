"""Calculators in plain integer arithmetic: parameters, FLOPs, KV-cache and attention memory.

A multiply-add counts 2 FLOPs. Imports neither torch nor numpy, so the CLI can answer at once.
"""

from __future__ import annotations

from engine.config import ModelConfig

DTYPE_BYTES = {"fp32": 4, "float32": 4, "fp16": 2, "float16": 2, "bf16": 2, "bfloat16": 2,
               "fp8": 1, "int8": 1}


def dtype_bytes(dtype: str | int) -> int:
    """Bytes per element of a named dtype; a positive integer is taken as the byte count itself."""
    if isinstance(dtype, int) and not isinstance(dtype, bool) and dtype > 0:
        return dtype
    try:
        return DTYPE_BYTES[dtype]
    except KeyError:
        raise ValueError(f"unknown dtype {dtype!r} (known: fp32, fp16, bf16, fp8, int8)") from None


def _linear(d_in: int, d_out: int, bias: bool) -> int:
    return d_in * d_out + (d_out if bias else 0)


def block_params(cfg: ModelConfig) -> dict[str, int]:
    """One transformer block: attention (Q, K, V, O), MLP, and its two norms."""
    d, kv_dim = cfg.d_model, cfg.kv_heads * cfg.d_head
    attention = (_linear(d, d, cfg.bias) + 2 * _linear(d, kv_dim, cfg.bias) + _linear(d, d, cfg.bias))
    if cfg.style == "llama":  # SwiGLU: gate and up (d -> ffn), down (ffn -> d)
        mlp = 2 * _linear(d, cfg.ffn, cfg.bias) + _linear(cfg.ffn, d, cfg.bias)
        norms = 2 * d  # RMSNorm: gamma only
    else:
        mlp = _linear(d, cfg.ffn, cfg.bias) + _linear(cfg.ffn, d, cfg.bias)
        norms = 2 * 2 * d  # LayerNorm: gamma and beta
    return {"attention": attention, "mlp": mlp, "norms": norms, "total": attention + mlp + norms}


def params(cfg: ModelConfig) -> dict:
    """Every tensor counted once (tied embeddings once; biases and norms included)."""
    block = block_params(cfg)
    token = cfg.vocab_size * cfg.d_model
    position = cfg.max_seq * cfg.d_model if cfg.style == "gpt" else 0
    unembed = 0 if cfg.tied else cfg.vocab_size * cfg.d_model
    final_norm = cfg.d_model * (1 if cfg.style == "llama" else 2)
    total = cfg.n_layers * block["total"] + token + position + unembed + final_norm
    return {
        "model": cfg.name,
        "total": total,
        "per_block": block,
        "blocks": cfg.n_layers * block["total"],
        "embeddings": {"token": token, "position": position, "unembed": unembed},
        "final_norm": final_norm,
        "n_layers": cfg.n_layers,
    }


def kv_cache(cfg: ModelConfig, tokens: int, batch: int = 1, dtype: str | int = "fp16") -> dict:
    """K and V for every layer and KV head: 2 * L * n_kv_heads * d_head * bytes per token."""
    per_token = 2 * cfg.n_layers * cfg.kv_heads * cfg.d_head * dtype_bytes(dtype)
    out = {
        "model": cfg.name, "tokens": tokens, "batch": batch, "dtype": dtype, "dtype_bytes": dtype_bytes(dtype),
        "n_layers": cfg.n_layers, "n_kv_heads": cfg.kv_heads, "d_head": cfg.d_head,
        "bytes_per_token": per_token,
        "bytes": batch * tokens * per_token,
        # what the seed's formula 2*B*T*L*d_model*bytes gives: every head cached (no GQA)
        "bytes_without_gqa": batch * tokens * 2 * cfg.n_layers * cfg.d_model * dtype_bytes(dtype),
    }
    if cfg.sliding_window:
        out["sliding_window"] = cfg.sliding_window
        out["bytes_with_window"] = batch * min(tokens, cfg.sliding_window) * per_token
    return out


def attention(batch: int, layers: int, heads: int, head_dim: int, tokens: int,
              dtype: str = "fp16", kv_tokens: int | None = None) -> dict:
    """QK^T and AV FLOPs (forward, no causal saving) and the size of the score matrices."""
    tk = kv_tokens or tokens
    qk = 2 * batch * heads * tokens * tk * head_dim
    av = 2 * batch * heads * tokens * tk * head_dim
    matrix = batch * heads * tokens * tk * dtype_bytes(dtype)
    return {
        "batch": batch, "layers": layers, "heads": heads, "head_dim": head_dim, "tokens": tokens,
        "dtype": dtype,
        "qk_flops_per_layer": qk, "av_flops_per_layer": av,
        "flops_per_layer": qk + av, "flops": layers * (qk + av),
        "matrix_bytes_per_layer": matrix, "matrix_bytes": layers * matrix,
    }


def forward_flops(cfg: ModelConfig, tokens: int, batch: int = 1) -> dict:
    """FLOPs of one forward pass over `tokens` positions (full causal matrix counted, no saving)."""
    d, kv_dim = cfg.d_model, cfg.kv_heads * cfg.d_head
    n = batch * tokens
    projections = 2 * n * (d * d + 2 * d * kv_dim + d * d)
    mats = 3 if cfg.style == "llama" else 2
    mlp = 2 * n * mats * d * cfg.ffn
    att = attention(batch, 1, cfg.n_heads, cfg.d_head, tokens)
    per_layer = {"projections": projections, "qk": att["qk_flops_per_layer"],
                 "av": att["av_flops_per_layer"], "mlp": mlp}
    unembed = 2 * n * d * cfg.vocab_size
    total = cfg.n_layers * sum(per_layer.values()) + unembed
    return {"per_layer": per_layer, "unembed": unembed, "total": total}


GIB = 1024 ** 3
MIB = 1024 ** 2


def human_bytes(n: float) -> str:
    for unit, size in (("TiB", 1024 ** 4), ("GiB", GIB), ("MiB", MIB), ("KiB", 1024)):
        if n >= size:
            return f"{n / size:,.2f} {unit}"
    return f"{n:,.0f} B"


def human_count(n: float, unit: str = "") -> str:
    for suffix, size in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{n / size:,.2f} {suffix}{unit}"
    return f"{n:,.0f} {unit}".strip()
