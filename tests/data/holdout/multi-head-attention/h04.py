import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    xd = x.double()
    Q, K, V = xd @ w_q.double(), xd @ w_k.double(), xd @ w_v.double()
    allow = None
    if mask is not None:
        allow = mask.bool()
        if allow.dim() == 2:
            allow = allow.unsqueeze(0).expand(B, T, T)
    heads = []
    for h in range(n_heads):
        cols = slice(h * dh, (h + 1) * dh)
        logits = Q[..., cols] @ K[..., cols].transpose(1, 2) / dh ** 0.5
        if allow is not None:
            logits = logits.masked_fill(~allow, float("-inf"))
        p = torch.softmax(logits, dim=-1)
        if allow is not None:
            p = torch.where(allow.any(-1, keepdim=True), p, torch.zeros_like(p))
        heads.append(p @ V[..., cols])
    out = torch.cat(heads, dim=-1) @ w_o.double()
    return out.to(x.dtype)
