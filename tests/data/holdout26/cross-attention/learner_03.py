import torch


def _split(t, n_heads):
    b, s, d = t.shape
    if d % n_heads:
        return None, f"d={d} is not divisible by n_heads={n_heads}"
    return t.view(b, s, n_heads, d // n_heads).transpose(1, 2), None


def _project(t, w):
    if t.shape[-1] != w.shape[0]:
        return None, f"cannot apply a {tuple(w.shape)} weight to width {t.shape[-1]}"
    return torch.matmul(t, w), None


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    q, err = _project(x, w_q)
    if err:
        raise ValueError(err)
    k, err = _project(memory, w_k)
    if err:
        raise ValueError(err)
    v, err = _project(memory, w_v)
    if err:
        raise ValueError(err)
    q, err = _split(q, n_heads)
    if err:
        raise ValueError(err)
    k, _ = _split(k, n_heads)
    v, _ = _split(v, n_heads)
    d_head = x.shape[-1]
    scores = torch.matmul(q, k.transpose(-1, -2)) / d_head ** 0.5
    if memory_mask is not None:
        scores = scores.masked_fill(~memory_mask[:, None, None, :], -1e4)
    weights = torch.softmax(scores, dim=-1)
    weights = torch.nan_to_num(weights, nan=0.0)
    ctx = torch.matmul(weights, v).transpose(1, 2).reshape(x.shape)
    out, err = _project(ctx, w_o)
    if err:
        raise ValueError(err)
    return out
