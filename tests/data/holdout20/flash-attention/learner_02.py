import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    n, m, d = q.shape[-2], k.shape[-2], q.shape[-1]
    M = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype)
    L = torch.zeros(q.shape[:-1] + (1,), dtype=q.dtype)
    O = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    I = torch.arange(n)[:, None]
    for j in range(0, m, block_size):
        J = torch.arange(j, min(j + block_size, m))[None, :]
        S = q @ k[..., j:j + block_size, :].transpose(-1, -2) / d ** 0.5
        if causal: S = S.masked_fill(J > I, float("-inf"))
        N = torch.maximum(M, S.amax(-1, keepdim=True)); Z = torch.where(N == float("-inf"), torch.zeros_like(N), N)
        P = torch.exp(S - Z); a = torch.exp(Z - M)
        L = a * L + P.sum(-1, keepdim=True); O = a * O + P @ v[..., j:j + block_size, :]; M = N
    return O
