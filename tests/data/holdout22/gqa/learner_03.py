import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    B = q.shape[0]
    Hq = q.shape[1]
    Tq = q.shape[2]
    d = q.shape[3]
    Hkv = k.shape[1]
    Tk = k.shape[2]
    group = Hq // Hkv
    out = torch.zeros(B, Hq, Tq, d)
    scale = 1.0 / math.sqrt(d)
    for b in range(B):
        for h in range(Hq):
            kh = h % Hkv
            s = (q[b, h] @ k[b, kh].T) * scale
            if causal:
                for i in range(Tq):
                    s[i, i + 1:] = float("-inf")
            for i in range(Tq):
                if causal and i + Tk - Tq < 0:
                    continue
                row = torch.exp(s[i] - s[i].max())
                out[b, h, i] = (row / row.sum()) @ v[b, kh]
    return out
