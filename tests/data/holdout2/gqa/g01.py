import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)
    s = torch.matmul(qg, k.unsqueeze(2).transpose(-1, -2)) / d ** 0.5
    if causal:
        i = torch.arange(Tq, device=q.device).view(-1, 1)
        j = torch.arange(Tk, device=q.device).view(1, -1)
        s = s.masked_fill(j > i + (Tk - Tq), float("-inf"))
    p = torch.softmax(s, dim=-1).nan_to_num(0.0)
    out = torch.matmul(p, v.unsqueeze(2))
    return out.reshape(B, Hq, Tq, v.shape[-1])
