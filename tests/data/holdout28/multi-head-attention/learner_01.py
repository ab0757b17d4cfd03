import math
from typing import NamedTuple, Optional

import torch


class HeadSpec(NamedTuple):
    n_heads: int
    d_head: int

    @property
    def scale(self) -> float:
        return 1.0 / math.sqrt(self.n_heads * self.d_head)


class Projected(NamedTuple):
    q: torch.Tensor
    k: torch.Tensor
    v: torch.Tensor


def project(x: torch.Tensor, w_q, w_k, w_v, spec: HeadSpec) -> Projected:
    B, T, _ = x.shape

    def heads(w):
        return (x @ w).view(B, spec.n_heads, T, spec.d_head)

    return Projected(heads(w_q), heads(w_k), heads(w_v))


def mix(p: Projected, spec: HeadSpec, mask: Optional[torch.Tensor]) -> torch.Tensor:
    s = p.q @ p.k.transpose(-2, -1) * spec.scale
    if mask is not None:
        keep = mask if mask.dim() == 2 else mask[:, None]
        s = s.masked_fill(~keep, float("-inf"))
    w = torch.softmax(s, dim=-1).nan_to_num(0.0)
    return w @ p.v


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    spec = HeadSpec(n_heads, d // n_heads)
    ctx = mix(project(x, w_q, w_k, w_v, spec), spec, mask)
    return ctx.transpose(1, 2).reshape(B, T, d) @ w_o
