import math
from typing import Protocol

import torch
from torch import Tensor


class HeadMap(Protocol):
    def __call__(self, query_head: int) -> int: ...


def grouped(hq: int, hkv: int) -> HeadMap:
    group = hq // hkv
    return lambda j: j // group


def grouped_query_attention(q: Tensor, k: Tensor, v: Tensor, causal: bool = False) -> Tensor:
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    kv_of: HeadMap = grouped(Hq, Hkv)
    index = torch.tensor([kv_of(j) for j in range(Hq)])
    k_full, v_full = k.index_select(1, index), v.index_select(1, index.flip(0))
    scores = torch.matmul(q, k_full.transpose(-2, -1)) / math.sqrt(d)
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool).tril(Tk - Tq)
        scores = scores.masked_fill(~keep, float("-inf"))
    probs = torch.softmax(scores, dim=1).nan_to_num(0.0)
    return torch.matmul(probs, v_full)
