import math
import torch
import torch.nn.functional as F


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    bsz, seq, dim = x.shape
    head_dim = dim // n_heads
    q = torch.matmul(x, w_q).reshape(bsz, seq, n_heads, head_dim).permute(0, 2, 1, 3)
    k = torch.matmul(x, w_k).reshape(bsz, seq, n_heads, head_dim).permute(0, 2, 1, 3)
    v = torch.matmul(x, w_v).reshape(bsz, seq, n_heads, head_dim).permute(0, 2, 1, 3)
    logits = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(head_dim)
    if mask is not None:
        m = mask.unsqueeze(1) if mask.dim() == 3 else mask
        logits = logits.masked_fill(m.logical_not(), float("-inf"))
    probs = F.softmax(logits, dim=-1)
    ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).reshape(bsz, seq, dim)
    return torch.matmul(ctx, w_o.t())
