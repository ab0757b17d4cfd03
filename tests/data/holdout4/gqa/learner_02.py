import math

import torch


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)  # query head j -> kv head j // g
    s = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) / math.sqrt(d)
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(Tk - Tq)
        s = s.masked_fill(~keep, float("-inf"))
    p = torch.softmax(s, dim=-1).nan_to_num(0.0)
    out = torch.einsum("bhgqk,bhkd->bhgqd", p, v)
    return out.reshape(B, Hq, Tq, d)
