import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape                                                      # (B, T, D)
    H, dh = n_heads, D // n_heads                                          # H, dh
    q = torch.einsum("btd,de->bte", x, w_q).view(B, T, H, dh).permute(0, 2, 1, 3)  # (B, H, T, dh)
    k = torch.einsum("btd,de->bte", x, w_k).view(B, T, H, dh).permute(0, 2, 1, 3)  # (B, H, T, dh)
    v = torch.einsum("btd,de->bte", x, w_v).view(B, T, H, dh).permute(0, 2, 1, 3)  # (B, H, T, dh)
    s = torch.einsum("bhqc,bhkc->bhkq", q, k) / dh ** 0.5                  # (B, H, T, T)
    if mask is not None:
        keep = mask.reshape(-1, 1, T, T)                                   # (B or 1, 1, T, T)
        s = s.masked_fill(~keep, float("-inf"))                            # (B, H, T, T)
    a = torch.softmax(s, dim=1)                                           # (B, H, T, T)
    a = torch.where(torch.isnan(a), torch.zeros_like(a), a)                # (B, H, T, T)
    o = torch.einsum("bhqk,bhkc->bhqc", a, v)                              # (B, H, T, dh)
    o = o.permute(0, 2, 1, 3).reshape(B, T, D)                             # (B, T, D)
    return torch.einsum("btd,ed->bte", o, w_o)                             # (B, T, D)
