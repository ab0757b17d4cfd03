"""Multi-head attention: split and merge heads, W_O; grouped-query and multi-query attention
(query head j uses KV head j // group, as Llama's repeat_kv); encoder (bidirectional) attention
with padding masks; cross-attention; decoding with a KV cache."""

from __future__ import annotations

import torch
from torch import nn

from engine.attention import attention as attend
from engine.attention import causal_mask, naive_attention
from engine.positional import apply_rope


def split_heads(x: torch.Tensor, n_heads: int) -> torch.Tensor:
    """(B, T, H*dh) -> (B, H, T, dh)."""
    B, T, D = x.shape
    return x.view(B, T, n_heads, D // n_heads).transpose(1, 2)


def merge_heads(x: torch.Tensor) -> torch.Tensor:
    """(B, H, T, dh) -> (B, T, H*dh)."""
    B, H, T, dh = x.shape
    return x.transpose(1, 2).reshape(B, T, H * dh)


def repeat_kv(x: torch.Tensor, n_rep: int) -> torch.Tensor:
    """(B, Hkv, T, dh) -> (B, Hkv*n_rep, T, dh): each KV head serves n_rep consecutive query heads."""
    return x if n_rep == 1 else x.repeat_interleave(n_rep, dim=1)


def grouped_query_attention(q, k, v, causal: bool = False, mask=None, path: str = "naive"):
    """q (B, Hq, Tq, d), k/v (B, Hkv, Tk, d), Hq a multiple of Hkv; causal aligned bottom-right."""
    hq, hkv = q.shape[1], k.shape[1]
    if hq % hkv:
        raise ValueError(f"query heads ({hq}) must be a multiple of KV heads ({hkv})")
    return attend(q, repeat_kv(k, hq // hkv), repeat_kv(v, hq // hkv), mask=mask, causal=causal, path=path)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads: int, mask=None, path: str = "naive"):
    """x (B, T, d); weights (d, d) applied as x @ w; heads split from the last dim in order;
    mask (T, T) or (B, T, T) shared by all heads."""
    q, k, v = (split_heads(x @ w, n_heads) for w in (w_q, w_k, w_v))
    if mask is not None and mask.dim() == 3:
        mask = mask.unsqueeze(1)
    return merge_heads(attend(q, k, v, mask=mask, path=path)) @ w_o


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads: int, memory_mask=None):
    """Queries from the decoder stream x (B, T, d), keys and values from the encoder's memory
    (B, S, d); memory_mask (B, S), True = a real token. Weights applied as `x @ w`."""
    q = split_heads(x @ w_q, n_heads)
    k, v = split_heads(memory @ w_k, n_heads), split_heads(memory @ w_v, n_heads)
    mask = None if memory_mask is None else memory_mask[:, None, None, :].to(torch.bool)
    return merge_heads(naive_attention(q, k, v, mask)) @ w_o


def padding_mask(lengths: torch.Tensor, T: int) -> torch.Tensor:
    """(B, 1, 1, T) boolean, True for real tokens: what an encoder's keys may be attended to.
    (nn.MultiheadAttention's key_padding_mask is the opposite: True there means ignore.)"""
    return (torch.arange(T, device=lengths.device) < lengths.unsqueeze(-1)).view(-1, 1, 1, T)


class Attention(nn.Module):
    """Self- or cross-attention with W_Q, W_K, W_V, W_O; GQA when n_kv_heads < n_heads; RoPE
    optional; a KV cache for decoding."""

    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int | None = None, bias: bool = True,
                 causal: bool = True, rope: bool = False, rope_base: float = 10000.0,
                 window: int | None = None, path: str = "sdpa", rope_convention: str = "interleaved"):
        super().__init__()
        self.rope_convention = rope_convention
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads or n_heads
        self.d_head = d_model // n_heads
        self.causal, self.rope, self.rope_base, self.window, self.path = causal, rope, rope_base, window, path
        self.wq = nn.Linear(d_model, n_heads * self.d_head, bias=bias)
        self.wk = nn.Linear(d_model, self.n_kv_heads * self.d_head, bias=bias)
        self.wv = nn.Linear(d_model, self.n_kv_heads * self.d_head, bias=bias)
        self.wo = nn.Linear(n_heads * self.d_head, d_model, bias=bias)

    def forward(self, x, memory=None, mask=None, start_pos: int = 0, cache=None, layer: int = 0):
        """x (B, T, d). memory (B, S, d): cross-attention source (no causal mask, no RoPE).
        mask: extra boolean mask broadcastable to (B, H, T, Tk), True = attend."""
        B, T, _ = x.shape
        src = x if memory is None else memory
        q = self.wq(x).view(B, T, self.n_heads, self.d_head)
        k = self.wk(src).view(B, src.shape[1], self.n_kv_heads, self.d_head)
        v = self.wv(src).view(B, src.shape[1], self.n_kv_heads, self.d_head)
        causal = self.causal and memory is None
        if self.rope and memory is None:
            pos = torch.arange(start_pos, start_pos + T, device=x.device)
            q = apply_rope(q.transpose(1, 2), pos, self.rope_base, self.rope_convention).transpose(1, 2)
            k = apply_rope(k.transpose(1, 2), pos, self.rope_base, self.rope_convention).transpose(1, 2)
        if cache is not None and memory is None:
            k, v, key_pos = cache.update(layer, start_pos, k, v)
            if self.window:
                q_pos = torch.arange(start_pos, start_pos + T, device=x.device).unsqueeze(-1)
                allowed = (key_pos >= 0) & (key_pos <= q_pos) & (key_pos > q_pos - self.window)
                mask = allowed if mask is None else (mask & allowed)
                causal = False
            else:
                # keys 0..start_pos+T-1 in order: a bottom-right causal mask, none for one token
                causal = causal and T > 1
        elif self.window and causal:
            i = torch.arange(T, device=x.device).unsqueeze(-1)
            band = causal_mask(T, T, x.device) & (torch.arange(T, device=x.device) > i - self.window)
            mask = band if mask is None else (mask & band)
            causal = False
        n_rep = self.n_heads // self.n_kv_heads
        k = repeat_kv(k.transpose(1, 2), n_rep)
        v = repeat_kv(v.transpose(1, 2), n_rep)
        out = attend(q.transpose(1, 2), k, v, mask=mask, causal=causal, path=self.path)
        return self.wo(merge_heads(out))
