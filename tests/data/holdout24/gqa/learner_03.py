import math
import torch


class _KVGroups:
    def __init__(self, n_q_heads, n_kv_heads):
        self.group = n_q_heads // n_kv_heads

    def expand(self, t):
        B, H, T, D = t.shape
        return t[:, :, None].expand(B, H, self.group, T, D).reshape(B, H * self.group, T, D)


class _BottomRightMask:
    def __init__(self, Tq, Tk, device):
        rows = torch.arange(Tq, device=device)[:, None]
        cols = torch.arange(Tk, device=device)[None, :]
        self.allowed = cols < rows + (Tk - Tq)


def grouped_query_attention(q, k, v, causal=False):
    groups = _KVGroups(q.shape[1], k.shape[1])
    keys, values = groups.expand(k), groups.expand(v)
    scores = torch.matmul(q, keys.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    if causal:
        allowed = _BottomRightMask(q.shape[-2], k.shape[-2], q.device).allowed
        scores = scores.masked_fill(~allowed, float("-inf"))
    top = scores.amax(dim=-1, keepdim=True).clamp_min(torch.finfo(scores.dtype).min)
    w = torch.exp(scores - top)
    w = w / w.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(scores.dtype).tiny)
    return torch.matmul(w, values)
