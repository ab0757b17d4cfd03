import torch


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    outs = []
    for j in range(Hq):
        kv = j % Hkv
        s = q[:, j] @ k[:, kv].transpose(-1, -2) * d ** -0.5
        if causal:
            allowed = torch.tril(torch.ones(Tq, Tk, dtype=torch.bool), diagonal=Tk - Tq)
            s = s.masked_fill(~allowed, float("-inf"))
        a = torch.softmax(s, dim=-1)
        outs.append(a @ v[:, kv])
    return torch.stack(outs, dim=1)
