import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    e = d // n_heads
    Q, K, V = (torch.stack((x @ w).split(n_heads, dim=-1), dim=1) for w in (w_q, w_k, w_v))    # (B, H, T, e)
    S = Q @ K.transpose(-1, -2) * e ** -0.5
    M = torch.ones(T, T, dtype=torch.bool, device=x.device) if mask is None else mask
    M = M if M.dim() == 2 else M[:, None]
    S = S.masked_fill(~M, float("-inf"))
    P = torch.softmax(S, dim=-2).nan_to_num(0.0)
    O = torch.cat(torch.unbind(P @ V, dim=1), dim=-1)
    return O @ w_o
