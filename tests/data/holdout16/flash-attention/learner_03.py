import torch

CONFIG = {"min_block": 1}


class OnlineSoftmaxState:
    def __init__(self, q, dv):
        shape = q.shape[:-1]
        self.m = torch.full(shape + (1,), float("-inf"), dtype=q.dtype)
        self.l = torch.zeros(shape + (1,), dtype=q.dtype)
        self.acc = torch.zeros(shape + (dv,), dtype=q.dtype)

    def update(self, s, v_blk):
        m_new = torch.maximum(self.m, s.amax(dim=-1, keepdim=True))
        m_ref = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_ref)
        alpha = torch.exp(self.m - m_ref)
        self.l = self.l + p.sum(dim=-1, keepdim=True)
        self.acc = alpha * self.acc + p @ v_blk
        self.m = m_new

    def result(self):
        safe = self.l.clamp_min(torch.finfo(self.l.dtype).tiny)
        return torch.where(self.l > 0, self.acc / safe, torch.zeros_like(self.acc))


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = v.shape[-1] ** -0.5
    state = OnlineSoftmaxState(q, v.shape[-1])
    rows = torch.arange(Tq).unsqueeze(-1) + (Tk - Tq)
    for start in range(0, Tk, max(block_size, CONFIG["min_block"])):
        stop = min(start + block_size, Tk)
        s = (q @ k[..., start:stop, :].transpose(-2, -1)) * scale
        if causal:
            s = s.masked_fill(torch.arange(start, stop) > rows, float("-inf"))
        state.update(s, v[..., start:stop, :])
    return state.result()
