import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    b, t, d = x.shape
    hd = d // n_heads
    split = lambda z: z.view(b, t, n_heads, hd).transpose(1, 2)
    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    att = torch.einsum("bhid,bhjd->bhij", q, k) / hd ** 0.5
    if mask is not None:
        att = att.masked_fill(~mask.unsqueeze(1), float("-inf"))
    att = att.softmax(dim=-1)
    att = torch.where(att.isnan(), torch.zeros_like(att), att)
    y = torch.einsum("bhij,bhjd->bhid", att, v)
    y = y.transpose(1, 2).reshape(b, t, d)
    return y @ w_o
