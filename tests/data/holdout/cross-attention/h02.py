import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, D = x.shape
    hd = D // n_heads

    def heads(t):
        return t.reshape(t.shape[0], t.shape[1], n_heads, hd).permute(0, 2, 1, 3)

    q = heads(x @ w_q)
    k = heads(x @ w_k)
    v = heads(x @ w_v)
    scores = q @ k.transpose(-1, -2) / hd ** 0.5
    if memory_mask is not None:
        scores = scores.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
    probs = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    ctx = (probs @ v).permute(0, 2, 1, 3).reshape(B, T, D)
    return ctx @ w_o
