import math

import torch

CONFIG = {"neg": float("-inf")}


class _MHA:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.w = (w_q, w_k, w_v)
        self.w_o = w_o
        self.h = n_heads

    def _heads(self, t):
        B, T, d = t.shape
        return t.view(B, T, self.h, d // self.h).transpose(1, 2)

    def __call__(self, x, mask=None):
        B, T, d = x.shape
        q, k, v = (self._heads(x @ w) for w in self.w)
        scores = q @ k.transpose(-2, -1) / math.sqrt(d // self.h)
        if mask is not None:
            keep = mask if mask.dim() == 3 else mask.unsqueeze(0)
            scores = scores.masked_fill(keep.unsqueeze(1), CONFIG["neg"])
        weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)
        out = (weights @ v).transpose(1, 2).reshape(B, T, d)
        return out @ self.w_o


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return _MHA(w_q, w_k, w_v, w_o, n_heads)(x, mask)
