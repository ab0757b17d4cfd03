import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    q, k, v = x @ w_q, memory @ w_k, memory @ w_v
    heads = []
    for i in range(n_heads):
        sl = slice(i * dh, (i + 1) * dh)
        s = q[..., sl] @ k[..., sl].transpose(1, 2) / d ** 0.5
        if memory_mask is not None:
            s = s.masked_fill(~memory_mask[:, None, :], float("-inf"))
        p = torch.softmax(s, dim=-1)
        heads.append(p @ v[..., sl])
    return torch.cat(heads, dim=-1) @ w_o
