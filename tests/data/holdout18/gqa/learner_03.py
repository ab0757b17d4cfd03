import torch
import torch.nn as nn


class GroupedQueryAttention(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, causal=False):
        B, Hq, Tq, d = q.shape
        Hkv, Tk = k.shape[1], k.shape[2]
        g = Hq // Hkv
        k = k.repeat_interleave(g, dim=1)
        v = v.repeat_interleave(g, dim=1)
        scores = torch.zeros(B * Hq, Tq, Tk, dtype=q.dtype, device=q.device)
        if causal:
            keep = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril_(Tk - Tq)
            scores = scores.masked_fill_(~keep, float("-inf"))
        scores = torch.baddbmm(scores, q.reshape(B * Hq, Tq, d), k.reshape(B * Hq, Tk, d).transpose(1, 2), alpha=d ** -0.5)
        p = torch.softmax(scores, dim=-1, dtype=q.dtype).nan_to_num_(0.0)
        return torch.bmm(p, v.reshape(B * Hq, Tk, v.shape[-1])).reshape(B, Hq, Tq, v.shape[-1])


def grouped_query_attention(q, k, v, causal=False):
    return GroupedQueryAttention()(q, k, v, causal)
