import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Three projections are three SELECTs; heads are a GROUP BY on column blocks; softmax is a window function."""
    B, T, d = x.shape
    dh = d // n_heads
    # -- SELECT x @ w AS q, k, v, then PARTITION the columns BY head -> (B, H, T, dh)
    q = torch.matmul(x, w_q).view(B, T, n_heads, dh).transpose(1, 2)
    k = torch.matmul(x, w_k).view(B, T, n_heads, dh).transpose(1, 2)
    v = torch.matmul(x, w_v).view(B, T, n_heads, dh).transpose(1, 2)
    # -- the (query, key) join, scored
    score = torch.matmul(q, k.transpose(-2, -1)) / dh ** 0.5
    if mask is not None:
        keep = mask if mask.dim() == 2 else mask[:, None, :, :]  # the same mask for every head
        score = score.masked_fill(~keep, float("-inf"))
    # -- MAX() and SUM() OVER (PARTITION BY b, h, query)
    part_max = score.amax(dim=-1, keepdim=True)
    part_max = torch.where(torch.isinf(part_max), torch.zeros_like(part_max), part_max)
    w = torch.exp(score - part_max)
    part_sum = w.sum(dim=-1, keepdim=True)
    w = w / torch.where(part_sum == 0, torch.ones_like(part_sum), part_sum)
    # -- GROUP BY (b, t): the heads side by side again, in order, then the output projection
    ctx = torch.matmul(w, v).transpose(1, 2).reshape(B, T, d)
    return torch.matmul(ctx, w_o)
