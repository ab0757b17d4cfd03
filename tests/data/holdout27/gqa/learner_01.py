import math

import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    # %% [1] group size: query heads per KV head
    s1_group = Hq // Hkv
    # %% [2] share each KV head with its group (query head j uses KV head j // group)
    s2_k, s2_v = (t.repeat(1, s1_group, 1, 1) for t in (k, v))
    # %% [3] scores
    s3_s = q @ s2_k.transpose(-2, -1) / math.sqrt(d)
    # %% [4] bottom-right causal mask
    if causal:
        s4_ok = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(diagonal=Tk - Tq)
        s3_s = s3_s.masked_fill(~s4_ok, float("-inf"))
    # %% [5] softmax; rows with no visible key give 0
    s5_max = s3_s.amax(dim=-1, keepdim=True)
    s5_max = torch.where(torch.isnan(s5_max), torch.zeros_like(s5_max), s5_max)
    s5_e = torch.exp(s3_s - s5_max)
    s5_w = s5_e / s5_e.sum(dim=-1, keepdim=True).clamp_min(1e-30)
    # %% [6] weighted values
    s6_out = s5_w @ s2_v
    return s6_out
