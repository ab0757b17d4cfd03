import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape                                              # (B, Hq, Tq, d)
    Hkv, Tk = k.shape[1], k.shape[2]                                    # (B, Hkv, Tk, d)
    G = Hq // Hkv                                                       # queries per KV head
    qg = q.reshape(B, G, Hkv, Tq, d).transpose(1, 2)                                    # (B, Hkv, G, Tq, d)
    s = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) / d ** 0.5             # (B, Hkv, G, Tq, Tk)
    if causal:
        i = torch.arange(Tq, device=q.device)[:, None]                  # (Tq, 1)
        j = torch.arange(Tk, device=q.device)[None, :]                  # (1, Tk)
        s = s.masked_fill(j > i + (Tq - Tk), float("-inf"))            # (B, Hkv, G, Tq, Tk)
    a = torch.softmax(s, dim=-1).nan_to_num(0.0)                        # (B, Hkv, G, Tq, Tk)
    o = torch.einsum("bhgqk,bhkd->bhgqd", a, v)                         # (B, Hkv, G, Tq, d)
    return o.reshape(B, Hq, Tq, d)                                      # (B, Hq, Tq, d)
