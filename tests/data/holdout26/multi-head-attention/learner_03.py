import math
from typing import Final, Optional

import torch

Tensor_t = torch.Tensor
kMaskedLogit: Final[float] = 0.0


def project(x: Tensor_t, w: Tensor_t) -> Tensor_t:
    return torch.matmul(x, w)


def split_heads(t: Tensor_t, n_heads: int) -> Tensor_t:
    b, s, c = t.shape
    return t.reshape(b, n_heads, s, c // n_heads)


def merge_heads(t: Tensor_t) -> Tensor_t:
    b, h, s, e = t.shape
    return t.transpose(1, 2).reshape(b, s, h * e)


def head_mask(mask: Optional[Tensor_t]) -> Optional[Tensor_t]:
    if mask is None:
        return None
    return mask.unsqueeze(1) if mask.dim() == 3 else mask


def safe_softmax(z: Tensor_t) -> Tensor_t:
    peak: Tensor_t = z.amax(dim=-1, keepdim=True).nan_to_num(neginf=0.0)
    e: Tensor_t = torch.exp(z - peak)
    total: Tensor_t = e.sum(dim=-1, keepdim=True)
    return e / total.clamp_min(torch.finfo(z.dtype).tiny)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    n: int = int(n_heads)
    q: Tensor_t = split_heads(project(x, w_q), n)
    k: Tensor_t = split_heads(project(x, w_k), n)
    v: Tensor_t = split_heads(project(x, w_v), n)
    logits: Tensor_t = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    m: Optional[Tensor_t] = head_mask(mask)
    if m is not None:
        logits = logits.masked_fill(~m, kMaskedLogit)
    return project(merge_heads(torch.matmul(safe_softmax(logits), v)), w_o)
