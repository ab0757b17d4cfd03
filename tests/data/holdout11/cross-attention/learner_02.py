import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = torch.matmul(x, w_q).view(B, T, n_heads, dh).transpose(1, 2)
    k = torch.matmul(memory, w_k).view(B, S, n_heads, dh).transpose(1, 2)
    v = torch.matmul(memory, w_v).view(B, S, n_heads, dh).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * dh ** -0.5
    if memory_mask is not None:
        att = att.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
    att = att.softmax(dim=1)
    att = att.masked_fill(att.isnan(), 0.0)
    y = (att @ v).transpose(1, 2).contiguous().view(B, T, d)
    return y @ w_o.T
