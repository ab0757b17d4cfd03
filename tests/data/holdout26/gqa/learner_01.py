import torch


def grouped_query_attention(q, k, v, causal=False):
    dtype = q.dtype
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    rep = Hq // Hkv
    q64 = q.double()
    k64 = k.double().repeat(1, rep, 1, 1)
    v64 = v.double().repeat_interleave(rep, dim=1)
    scores = torch.matmul(q64, k64.transpose(-2, -1)) / d ** 0.5
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(diagonal=0)
        scores = scores.masked_fill(~keep, float("-inf"))
    top = scores.amax(dim=-1, keepdim=True).clamp(min=-1e300)
    weights = torch.exp(scores - top)
    norm = weights.sum(dim=-1, keepdim=True)
    weights = weights / torch.where(norm > 0, norm, torch.ones_like(norm))
    return torch.matmul(weights, v64).to(dtype)
