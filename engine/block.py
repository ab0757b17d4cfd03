"""Transformer blocks: pre-norm (x + f(norm(x))) or post-norm (norm(x + f(x))); a decoder block
with cross-attention for encoder-decoder models; an encoder block (bidirectional)."""

from __future__ import annotations

from torch import nn

from engine.config import ModelConfig
from engine.heads import Attention
from engine.mlp import MLP, SwiGLU
from engine.norms import LayerNorm, RMSNorm


def make_norm(cfg: ModelConfig):
    return RMSNorm(cfg.d_model, cfg.norm_eps) if cfg.style == "llama" else LayerNorm(cfg.d_model, cfg.norm_eps, cfg.bias)


def make_mlp(cfg: ModelConfig):
    if cfg.style == "llama":
        return SwiGLU(cfg.d_model, cfg.ffn, cfg.bias)
    return MLP(cfg.d_model, cfg.ffn, cfg.bias, approximate=cfg.gelu)


def make_attention(cfg: ModelConfig, causal: bool = True, path: str = "sdpa"):
    return Attention(cfg.d_model, cfg.n_heads, cfg.kv_heads, bias=cfg.bias, causal=causal,
                     rope=cfg.style == "llama", rope_base=cfg.rope_base, window=cfg.sliding_window, path=path,
                     rope_convention=cfg.rope_convention)


class Block(nn.Module):
    def __init__(self, cfg: ModelConfig, norm_first: bool = True, causal: bool = True, path: str = "sdpa"):
        super().__init__()
        self.norm_first = norm_first
        self.ln_1 = make_norm(cfg)
        self.attn = make_attention(cfg, causal, path)
        self.ln_2 = make_norm(cfg)
        self.mlp = make_mlp(cfg)

    def forward(self, x, mask=None, start_pos: int = 0, cache=None, layer: int = 0):
        if self.norm_first:
            x = x + self.attn(self.ln_1(x), mask=mask, start_pos=start_pos, cache=cache, layer=layer)
            return x + self.mlp(self.ln_2(x))
        x = self.ln_1(x + self.attn(x, mask=mask, start_pos=start_pos, cache=cache, layer=layer))
        return self.ln_2(x + self.mlp(x))


class CrossBlock(nn.Module):
    """Decoder block of an encoder-decoder model: causal self-attention, cross-attention over the
    encoder's output (Q from the decoder, K and V from the encoder; a padding mask only), MLP."""

    def __init__(self, cfg: ModelConfig, path: str = "sdpa"):
        super().__init__()
        self.ln_1 = make_norm(cfg)
        self.attn = make_attention(cfg, True, path)
        self.ln_x = make_norm(cfg)
        self.cross = Attention(cfg.d_model, cfg.n_heads, cfg.kv_heads, bias=cfg.bias, causal=False, path=path)
        self.ln_2 = make_norm(cfg)
        self.mlp = make_mlp(cfg)

    def forward(self, x, memory, memory_mask=None):
        x = x + self.attn(self.ln_1(x))
        x = x + self.cross(self.ln_x(x), memory=memory, mask=memory_mask)
        return x + self.mlp(self.ln_2(x))
