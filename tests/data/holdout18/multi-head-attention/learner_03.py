import torch
import torch.nn as nn
import torch.nn.functional as F


class MHA(nn.Module):
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        super().__init__()
        self.register_buffer("w_qkv", torch.cat([w_q, w_k, w_v], dim=1))
        self.register_buffer("w_o", w_o)
        self.n_heads = n_heads

    def forward(self, x, mask=None):
        B, T, d = x.shape
        H, dh = self.n_heads, d // self.n_heads
        q, k, v = torch.matmul(x, self.w_qkv).split(d, dim=-1)
        q, k, v = (t.reshape(B, T, H, dh).permute(0, 2, 1, 3).reshape(B * H, T, dh) for t in (q, k, v))
        bias = torch.zeros(B, 1, T, T, dtype=x.dtype, device=x.device)
        if mask is not None:
            bias = bias.masked_fill_(~mask.reshape(-1, 1, T, T), float("-inf"))
        bias = bias.expand(B, H, T, T).reshape(B * H, T, T)
        scores = torch.baddbmm(bias, q, k.transpose(1, 2), beta=1.0, alpha=dh ** -0.5)
        attn = F.softmax(scores, dim=1, dtype=torch.float64).to(x.dtype)
        attn = attn.nan_to_num(0.0)
        out = torch.bmm(attn, v).reshape(B, T, d)
        return torch.matmul(out, self.w_o)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return MHA(w_q, w_k, w_v, w_o, n_heads)(x, mask)
