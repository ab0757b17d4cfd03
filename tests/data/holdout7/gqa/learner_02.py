import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, n_q_heads, Tq, d = q.shape
    n_kv_heads, Tk = k.shape[1], k.shape[2]

    outs = []
    for h in range(n_q_heads):
        kv = h % n_kv_heads  # which kv head this query head reads
        scores = q[:, h] @ k[:, kv].transpose(-1, -2) / math.sqrt(d)  # (B, Tq, Tk)
        if causal:
            vis = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(diagonal=Tk - Tq)
            scores = scores.masked_fill(~vis, float("-inf"))
        w = torch.softmax(scores, dim=-1)
        w = torch.nan_to_num(w, nan=0.0)  # queries that see no key
        outs.append(w @ v[:, kv])
    return torch.stack(outs, dim=1)
