import math

import torch


def make_block_mask(Tq, Tk, causal, device):
    offset = Tk - Tq
    q_idx = torch.arange(Tq, device=device)[:, None]

    def block_mask(j0, j1):
        if not causal:
            return None
        return torch.arange(j0, j1, device=device)[None, :] <= q_idx + offset

    return block_mask


def make_online_softmax(lead, Tq, dv, dtype, device):
    m = torch.full((*lead, Tq, 1), -math.inf, dtype=dtype, device=device)
    l = torch.zeros((*lead, Tq, 1), dtype=dtype, device=device)
    acc = torch.zeros((*lead, Tq, dv), dtype=dtype, device=device)

    def absorb(s, v_blk):
        nonlocal m, l, acc
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        base = m_new.nan_to_num(neginf=0.0)
        p = (s - base).exp()
        corr = (m_new - base).exp()
        l = l * corr + p.sum(-1, keepdim=True)
        acc = acc * corr + p @ v_blk
        m = m_new

    def result():
        return acc / l.clamp_min(torch.finfo(dtype).tiny)

    return absorb, result


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    block_mask = make_block_mask(Tq, Tk, causal, q.device)
    absorb, result = make_online_softmax(lead, Tq, v.shape[-1], q.dtype, q.device)
    qs = q.mul_(d ** -0.5)
    for j0 in range(0, Tk, block_size):
        j1 = min(Tk, j0 + block_size)
        s = qs @ k[..., j0:j1, :].transpose(-2, -1)
        keep = block_mask(j0, j1)
        if keep is not None:
            s = s.masked_fill(~keep, -math.inf)
        absorb(s, v[..., j0:j1, :])
    return result()
