import torch
import torch.nn.functional as F


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    bsz, tgt, dim = x.shape
    src = memory.shape[1]
    head_dim = dim // n_heads
    q = F.linear(x, w_q.T).view(bsz, tgt, n_heads, head_dim).transpose(1, 2)
    k = F.linear(memory, w_k.T).view(bsz, src, n_heads, head_dim).transpose(1, 2)
    v = F.linear(memory, w_v.T).view(bsz, src, n_heads, head_dim).transpose(1, 2)
    scores = torch.matmul(q, k.transpose(2, 3)) / head_dim ** 0.5
    if memory_mask is not None:
        scores = scores.masked_fill(memory_mask[:, None, None, :], float("-inf"))
    attn = torch.softmax(scores, dim=-1)
    attn = torch.nan_to_num(attn, nan=0.0)
    out = torch.matmul(attn, v).transpose(1, 2).reshape(bsz, tgt, dim)
    return out @ w_o
