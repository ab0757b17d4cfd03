import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    heads = lambda t: t.unflatten(-1, (n_heads, d // n_heads)).transpose(1, 2)
    q, k, v = (heads(x @ w) for w in (w_q, w_k, w_v))
    s = q @ k.transpose(-1, -2) / d // n_heads ** 0.5
    if (m := mask) is not None:
        s = s.masked_fill(~(m if m.dim() == 2 else m.unsqueeze(1)), float("-inf"))
    p = torch.exp(s - (top := s.amax(-1, keepdim=True)).nan_to_num(neginf=0.0))
    p = p / (z := p.sum(-2, keepdim=True)).clamp_min(torch.finfo(p.dtype).tiny)
    return (p @ v).transpose(1, 2).flatten(2) @ w_o
