import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads

    def heads(t):
        return t.view(B, T, n_heads, dh).transpose(1, 2)  # (B, H, T, dh)

    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    att = q @ k.transpose(-2, -1) / (dh ** 0.5)
    if mask is not None:
        if mask.dim() == 3:
            mask = mask[:, None]  # (B, 1, T, T): same mask for every head
        att = att.masked_fill(~mask, float("-inf"))
    att = att.softmax(dim=-1)
    att = torch.nan_to_num(att, nan=0.0)  # rows with nothing visible
    y = (att @ v).transpose(1, 2).reshape(B, T, d)
    return y @ w_o
