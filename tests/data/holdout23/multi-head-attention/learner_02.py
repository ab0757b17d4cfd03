import torch

split = lambda t, h: t.reshape(t.shape[0], h, t.shape[1], -1)
merge = lambda t: t.transpose(1, 2).flatten(-2)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    q, k, v = (split(x @ w, n_heads) for w in (w_q, w_k, w_v))
    s = (q @ k.transpose(-2, -1)) * q.shape[-1] ** -0.5
    if mask is not None:
        s = s.masked_fill((mask.unsqueeze(1) if mask.dim() == 3 else mask), float("-inf"))
    s = s - s.amax(-1, keepdim=True).nan_to_num(neginf=0.0)
    p = s.exp()
    p = p / p.sum(-1, keepdim=True).clamp_min(torch.finfo(p.dtype).tiny)
    return merge(p @ v) @ w_o
