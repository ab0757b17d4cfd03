import math

import torch


class RotaryTable:
    def __init__(self, d_head, base=10000.0):
        self.inv_freq = base ** (-torch.arange(0, d_head // 2, dtype=torch.float64) / d_head)

    def __call__(self, t, start_pos):
        # t (B, T, H, dh): rotate the interleaved pairs (2i, 2i + 1)
        T = t.shape[1]
        pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
        ang = pos[:, None] * self.inv_freq[None, :]
        cos = torch.cos(ang).to(t.dtype)[None, :, None, :]
        sin = torch.sin(ang).to(t.dtype)[None, :, None, :]
        even, odd = t[..., 0::2], t[..., 1::2]
        out = torch.empty_like(t)
        out[..., 0::2] = even * cos - odd * sin
        out[..., 1::2] = even * sin + odd * cos
        return out


class DecodeStep:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.w_q, self.w_k, self.w_v, self.w_o = w_q, w_k, w_v, w_o
        self.n_heads = n_heads
        self.d_head = w_q.shape[1] // n_heads
        self.rope = RotaryTable(self.d_head)

    def __call__(self, x, cache_k, cache_v, start_pos):
        B, T, d = x.shape
        H, dh = self.n_heads, self.d_head
        q = (x @ self.w_q).view(B, T, H, dh)
        k = (x @ self.w_k).view(B, T, H, dh)
        v = (x @ self.w_v).view(B, T, H, dh)
        q, k = self.rope(q, start_pos), self.rope(k, start_pos)
        cache_k, cache_v = cache_k[:], cache_v[:]
        cache_k[:, start_pos:start_pos + T] = k
        cache_v[:, start_pos:start_pos + T] = v
        end = start_pos + T
        keys = cache_k[:, :end].transpose(1, 2)
        vals = cache_v[:, :end].transpose(1, 2)
        s = q.transpose(1, 2) @ keys.transpose(-2, -1) / math.sqrt(dh)
        q_pos = torch.arange(T, device=x.device)[:, None]
        k_pos = torch.arange(end, device=x.device)[None, :]
        s = s.masked_fill(k_pos > q_pos, float("-inf"))
        w = torch.softmax(s, dim=-1)
        o = (w @ vals).transpose(1, 2).reshape(B, T, d)
        return o @ self.w_o, cache_k, cache_v


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    return DecodeStep(w_q, w_k, w_v, w_o, n_heads)(x, cache_k, cache_v, start_pos)
