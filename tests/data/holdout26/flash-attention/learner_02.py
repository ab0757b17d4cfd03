import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """A streaming log-normaliser: carry log Z and the running expectation, merged block by block."""
    Tq, Tk = q.shape[-2], k.shape[-2]
    offset = Tk - Tq
    scale = 1.0 / math.sqrt(q.shape[-1])
    log_z = torch.full(q.shape[:-1] + (1,), -math.inf, dtype=q.dtype, device=q.device)
    mean_v = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype, device=q.device)
    rows = torch.arange(Tq, device=q.device).unsqueeze(-1)
    for j0 in range(0, Tk, block_size):
        kb, vb = k[..., j0:j0 + block_size, :], v[..., j0:j0 + block_size, :]
        logit = torch.matmul(q, kb.transpose(-1, -2)) * scale
        if causal:
            cols = torch.arange(j0, j0 + kb.shape[-2], device=q.device).unsqueeze(0)
            logit = logit.masked_fill(cols >= rows + offset, -math.inf)
        blk_log_z = torch.logsumexp(logit, dim=-1, keepdim=True)
        new_log_z = torch.logaddexp(log_z, blk_log_z)
        ok = torch.isfinite(new_log_z)
        shift = torch.where(ok, new_log_z, torch.zeros_like(new_log_z))
        w_old = torch.exp(log_z - shift)
        w_blk = torch.exp(logit - shift)
        mean_v = mean_v * w_old + torch.matmul(w_blk, vb)
        log_z = blk_log_z
    return mean_v
