import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (memory @ w_k).reshape(B, S, n_heads, dh)
    v = (memory @ w_v).reshape(B, S, n_heads, dh)
    logits = torch.einsum("bthe,bshe->bhts", q, k) * dh ** -0.5
    if memory_mask is not None:
        keep = memory_mask.bool()[:, None, None, :]
        logits = logits.masked_fill(~keep, float("-inf"))
    probs = torch.softmax(logits, dim=-1)
    probs = torch.where(torch.isnan(probs), torch.zeros_like(probs), probs)
    ctx = torch.einsum("bhts,bshe->bthe", probs, v).reshape(B, T, d)
    return ctx @ w_o
