import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    out_dtype = x.dtype
    x64 = x.to(torch.float64)
    B, T, d = x64.shape
    dh = d // n_heads
    q = (x64 @ w_q.to(torch.float64)).view(B, T, n_heads, dh).permute(0, 2, 1, 3)
    k = (x64 @ w_k.to(torch.float64)).view(B, T, n_heads, dh).permute(0, 2, 1, 3)
    v = (x64 @ w_v.to(torch.float64)).view(B, T, n_heads, dh).permute(0, 2, 1, 3)
    scores = torch.matmul(q, k.transpose(-1, -2)) / torch.tensor(float(dh), dtype=torch.float64)
    if mask is not None:
        keep = mask if mask.dim() == 3 else mask.unsqueeze(0)
        keep = keep.unsqueeze(1).to(torch.bool)
        scores = scores + keep
    row_max = scores.amax(dim=-1, keepdim=True)
    row_max = torch.where(torch.isfinite(row_max), row_max, torch.zeros_like(row_max))
    e = torch.exp(scores - row_max)
    denom = e.sum(dim=-1).clamp_min(torch.finfo(torch.float64).tiny)
    heads = torch.matmul(e / denom, v)
    merged = heads.permute(0, 2, 1, 3).reshape(B, T, d)
    out = merged @ w_o.to(torch.float64)
    return out.to(out_dtype)
