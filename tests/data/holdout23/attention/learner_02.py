import math

import torch

_NEG_INF: float = float("-inf")


def _scores(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    d = q.shape[-1]
    return torch.matmul(q, k.transpose(-2, -1)) / d


def _masked_softmax(s: torch.Tensor, mask) -> torch.Tensor:
    if mask is not None:
        s = s.masked_fill(mask, _NEG_INF)
    row_max = s.amax(dim=-1, keepdim=True)
    row_max = torch.where(torch.isfinite(row_max), row_max, torch.zeros_like(row_max))
    e = torch.exp(s - row_max)
    denom = e.sum(dim=-1, keepdim=True)
    return e / torch.where(denom > 0, denom, torch.ones_like(denom))


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask=None) -> torch.Tensor:
    assert q.shape[-1] == k.shape[-1], "q and k must share d"
    assert k.shape[-2] == v.shape[-2], "k and v must share Tk"
    p = _masked_softmax(_scores(q, k), mask)
    out = torch.matmul(p, v)
    assert out.shape == q.shape[:-1] + v.shape[-1:]
    return out
