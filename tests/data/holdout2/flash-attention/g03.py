import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, D = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    q = q * D ** -0.5
    out = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=q.dtype, device=q.device)
    run_max = torch.full(q.shape[:-1], float("-inf"), dtype=q.dtype, device=q.device)
    run_sum = torch.zeros(q.shape[:-1], dtype=q.dtype, device=q.device)
    shift = Tq - Tk
    n_blocks = Tk // block_size
    for b in range(n_blocks):
        lo = b * block_size
        hi = lo + block_size
        scores = q @ k[..., lo:hi, :].transpose(-2, -1)
        if causal:
            qi = torch.arange(Tq, device=q.device)[:, None] + shift
            kj = torch.arange(lo, hi, device=q.device)[None, :]
            scores = scores.masked_fill(kj > qi, float("-inf"))
        new_max = torch.maximum(run_max, scores.max(dim=-1).values)
        ref = torch.nan_to_num(new_max, neginf=0.0)
        p = torch.exp(scores - ref[..., None])
        decay = torch.exp(run_max - ref)
        run_sum = run_sum * decay + p.sum(dim=-1)
        out = out * decay[..., None] + p @ v[..., lo:hi, :]
        run_max = new_max
    denom = torch.where(run_sum > 0, run_sum, torch.ones_like(run_sum))
    return out / denom[..., None]
