import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    H, dh = n_heads, d // n_heads
    q = torch.matmul(x, w_q).view(B, T, H, dh).transpose(1, 2)
    kv = torch.empty(2, B, S, d, dtype=x.dtype)  # one buffer for both memory projections
    torch.matmul(memory, w_k, out=kv[0])
    torch.matmul(memory, w_v, out=kv[1])
    k = kv[0].view(B, S, H, dh).transpose(1, 2)
    v = kv[1].view(B, S, H, dh).transpose(1, 2)
    scores = torch.matmul(q, k.transpose(-2, -1))
    scores.add_(dh ** -0.5)
    if memory_mask is not None:
        scores.masked_fill_(~memory_mask[:, None, None, :], float("-inf"))
    row_max = scores.amax(dim=-1, keepdim=True).nan_to_num(neginf=0.0)
    scores.sub_(row_max).exp_()
    denom = scores.sum(dim=-1, keepdim=True).clamp_min_(torch.finfo(x.dtype).tiny)
    scores.div_(denom)
    ctx = torch.matmul(scores, v).transpose(1, 2).reshape(B, T, d)
    return torch.matmul(ctx, w_o, out=x)
