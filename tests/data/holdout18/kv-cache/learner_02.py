import torch
import torch.nn as nn


class RotaryCache(nn.Module):
    def __init__(self, d_head, max_seq, base=10000.0):
        super().__init__()
        inv_freq = base ** (-torch.arange(0, d_head, 2, dtype=torch.float64) / d_head)
        angles = torch.outer(torch.arange(max_seq, dtype=torch.float64), inv_freq)
        self.register_buffer("cos", angles.cos())
        self.register_buffer("sin", angles.sin())

    def forward(self, x, start_pos):
        T = x.shape[1]
        cos = self.cos[start_pos:start_pos + T, None, :].to(x.dtype)
        sin = self.sin[start_pos:start_pos + T, None, :].to(x.dtype)
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


class DecodeLayer(nn.Module):
    def __init__(self, w_q, w_k, w_v, w_o, n_heads, max_seq):
        super().__init__()
        for name, w in (("w_q", w_q), ("w_k", w_k), ("w_v", w_v), ("w_o", w_o)):
            self.register_buffer(name, w)
        self.n_heads = n_heads
        self.d_head = w_q.shape[0] // n_heads
        self.rope = RotaryCache(self.d_head, max_seq)

    def forward(self, x, cache_k, cache_v, start_pos):
        B, T, d = x.shape
        H, dh = self.n_heads, self.d_head
        q = self.rope(torch.matmul(x, self.w_q).view(B, T, H, dh), start_pos)
        k = self.rope(torch.matmul(x, self.w_k).view(B, T, H, dh), start_pos)
        v = torch.matmul(x, self.w_v).view(B, T, H, dh)
        cache_k = cache_k.clone()
        cache_v = cache_v.clone()
        cache_k[:, start_pos:start_pos + T] = k
        cache_v[:, start_pos:start_pos + T] = k
        Tk = start_pos + T
        keys = cache_k[:, :Tk].permute(0, 2, 3, 1).reshape(B * H, dh, Tk)
        values = cache_v[:, :Tk].transpose(1, 2).reshape(B * H, Tk, dh)
        queries = q.transpose(1, 2).reshape(B * H, T, dh)
        bias = torch.zeros(T, Tk, dtype=x.dtype, device=x.device)
        bias = bias.masked_fill_(torch.ones(T, Tk, dtype=torch.bool, device=x.device).triu_(Tk - T), float("-inf"))
        scores = torch.baddbmm(bias.expand(B * H, T, Tk), queries, keys, alpha=dh ** -0.5)
        attn = torch.softmax(scores, dim=-1, dtype=x.dtype)
        out = torch.bmm(attn, values).view(B, H, T, dh).transpose(1, 2).reshape(B, T, d)
        return torch.matmul(out, self.w_o), cache_k, cache_v


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    layer = DecodeLayer(w_q, w_k, w_v, w_o, n_heads, cache_k.shape[1])
    return layer(x, cache_k, cache_v, start_pos)
