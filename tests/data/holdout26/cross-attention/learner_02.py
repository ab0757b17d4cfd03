import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = torch.matmul(x, w_q).reshape(B, T, n_heads, dh).permute(0, 2, 1, 3)
    k = torch.matmul(memory, w_k).reshape(B, S, n_heads, dh).permute(0, 2, 1, 3)
    v = torch.matmul(memory, w_v).reshape(B, S, n_heads, dh).permute(0, 2, 1, 3)
    log_w = torch.matmul(q, k.transpose(-2, -1)) / dh ** 0.5  # unnormalised log-weights
    if memory_mask is not None:
        log_prior = torch.zeros(B, 1, 1, S, dtype=x.dtype, device=x.device)
        log_prior = log_prior.masked_fill(~memory_mask.view(B, 1, 1, S), float("-inf"))
        log_w = log_w + log_prior  # the log of a 0/1 prior over the memory
    log_z = torch.logsumexp(log_w, dim=-1, keepdim=True)  # -inf for an all-padding query
    has_mass = torch.isfinite(log_z)
    post = torch.exp(log_w - torch.where(has_mass, log_z, torch.zeros_like(log_z)))
    ctx = torch.matmul(post, v)  # E_post[v]
    ctx = ctx.reshape(B, T, d)
    return torch.matmul(ctx, w_o)
