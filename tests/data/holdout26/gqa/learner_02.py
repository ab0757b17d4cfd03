import torch


def _expand_kv(*, t, groups):
    b, h, s, d = t.shape
    return t[:, :, None, :, :].expand(b, h, groups, s, d).reshape(b, h * groups, s, d)


def _bottom_right(*, tq, tk, device):
    rows = torch.arange(end=tq, device=device).view(tq, 1)
    cols = torch.arange(end=tk, device=device).view(1, tk)
    return cols <= rows + (tk - tq)


def grouped_query_attention(q, k, v, causal=False):
    groups = q.shape[1] // k.shape[1]
    k_all = _expand_kv(t=k, groups=groups)
    v_all = _expand_kv(t=v, groups=groups)
    scores = torch.matmul(input=q, other=k_all.transpose(dim0=-2, dim1=-1))
    scores = torch.mul(input=scores, other=q.shape[-1] ** -0.5)
    if causal:
        allowed = _bottom_right(tq=q.shape[2], tk=k.shape[2], device=q.device)
        scores = torch.masked_fill(input=scores, mask=~allowed, value=float("-inf"))
    probs = torch.softmax(input=scores, dim=-1)
    probs = torch.nan_to_num(input=probs, nan=0.0)
    return torch.matmul(input=probs, other=k_all)
