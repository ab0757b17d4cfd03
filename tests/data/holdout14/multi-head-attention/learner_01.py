import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    d = x.shape[-1]
    size = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    outputs = []
    for h in range(n_heads):
        cols = slice(h, d, n_heads)
        s = torch.bmm(Q[:, :, cols], K[:, :, cols].transpose(1, 2)) / size ** 0.5
        if mask is not None:
            s = torch.where(mask.bool(), s, torch.tensor(float("-inf"), dtype=s.dtype))
        a = torch.exp(s - s.amax(-1, keepdim=True).clamp_min(torch.finfo(s.dtype).min))
        a = a / a.sum(-1, keepdim=True).clamp_min(torch.finfo(s.dtype).tiny)
        outputs.append(torch.bmm(a, V[:, :, cols]))
    return torch.cat(outputs, dim=-1) @ w_o
