import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k = k.repeat_interleave(group, dim=1)
    v = v.repeat_interleave(group, dim=1)
    att = q @ k.transpose(-2, -1) / d ** 0.5
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(Tq - Tk)
        att = att.masked_fill(~keep, float("-inf"))
    att = torch.softmax(att, dim=-1).nan_to_num(0.0)
    return att @ v
