import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = q.shape[-2] ** -0.5
    offset = Tk - Tq
    row_max = q.new_full(q.shape[:-1] + (1,), float("-inf"))
    denom = q.new_zeros(q.shape[:-1] + (1,))
    numer = q.new_zeros(q.shape[:-1] + (v.shape[-1],))
    q_pos = torch.arange(Tq).unsqueeze(-1)
    start = 0
    while start < Tk:
        stop = min(start + block_size, Tk)
        scores = torch.einsum("...id,...jd->...ij", q, k[..., start:stop, :]) * scale
        if causal:
            k_pos = torch.arange(start, stop).unsqueeze(0)
            scores = scores.masked_fill(k_pos - offset > q_pos, float("-inf"))
        blk_max = scores.amax(dim=-1, keepdim=True)
        new_max = torch.maximum(row_max, blk_max)
        ref = new_max.nan_to_num(neginf=0.0)
        probs = (scores - ref).exp()
        decay = (row_max - blk_max).exp()
        denom = denom * decay + probs.sum(dim=-1, keepdim=True)
        numer = numer * decay + torch.einsum("...ij,...jd->...id", probs, v[..., start:stop, :])
        row_max = new_max
        start = stop
    return numer / denom.clamp(min=torch.finfo(denom.dtype).tiny)
