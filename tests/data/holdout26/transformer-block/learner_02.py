import torch
import torch.nn as nn


def _check_width(x, d_model):
    if x.dim() != 3 or x.shape[-1] != d_model:
        return f"expected (B, T, {d_model}), got {tuple(x.shape)}"
    return None


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        if d_model % n_heads:
            raise ValueError(f"{n_heads} heads do not divide d_model={d_model}")
        self.d_model, self.n_heads = d_model, n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def _split(self, t):
        B, T, _ = t.shape
        return t.view(B, T, self.n_heads, -1).transpose(1, 2), None

    def forward(self, x):
        err = _check_width(x, self.d_model)
        if err:
            raise ValueError(err)
        B, T, _ = x.shape
        q, _ = self._split(self.q(x))
        k, _ = self._split(self.k(x))
        v, _ = self._split(self.v(x))
        att = torch.matmul(q, k.transpose(-2, -1)) * q.shape[-1] ** -0.5
        future = torch.arange(T, device=x.device)[None, :] < torch.arange(T, device=x.device)[:, None]
        att = att.masked_fill(future, float("-inf")).softmax(dim=-1)
        y = torch.matmul(att, v).transpose(1, 2).reshape(B, T, self.d_model)
        return self.o(y)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.fc_in = nn.Linear(d_model, mlp_ratio * d_model)
        self.act = nn.GELU()
        self.fc_out = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        err = _check_width(x, self.ln1.normalized_shape[0])
        if err:
            raise ValueError(err)
        h = x + self.attn(self.ln1(x))
        return h + self.fc_out(self.act(self.fc_in(self.ln2(x))))
