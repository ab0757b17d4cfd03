import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    kv_of = torch.arange(Hq, device=q.device) % Hkv                # j // (Hq / Hkv)
    K, V = k[:, kv_of], v[:, kv_of]                                # gather: (B, Hq, Tk, d)
    S = (q @ K.transpose(-1, -2)) * d ** -0.5
    i, j = torch.arange(Tq, device=q.device), torch.arange(Tk, device=q.device)
    seen = (j[None, :] <= i[:, None] + (Tk - Tq)) | (not causal)
    S = S.masked_fill(~seen, float("-inf"))
    M = S.amax(-1, keepdim=True).nan_to_num(neginf=0.0)
    E = (S - M).exp()
    Z = E.sum(-1, keepdim=True)
    return (E / Z.where(Z > 0, torch.ones_like(Z))) @ V
