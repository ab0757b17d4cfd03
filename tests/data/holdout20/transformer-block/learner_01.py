import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.query = nn.Linear(d_model, d_model)
        self.key = nn.Linear(d_model, d_model)
        self.value = nn.Linear(d_model, d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        H = self.n_heads
        dh = D // H
        Q = self.query(x)
        K = self.key(x)
        V = self.value(x)
        col = torch.arange(T, device=x.device).reshape(T, 1)  # column vector of query positions
        row = torch.arange(T, device=x.device).reshape(1, T)  # row vector of key positions
        allowed = row >= col
        heads = []
        for h in range(H):
            cols = slice(h * dh, (h + 1) * dh)  # MATLAB (h-1)*dh+1 : h*dh
            S = torch.matmul(Q[:, :, cols], torch.transpose(K[:, :, cols], 1, 2)) / dh ** 0.5
            S = S.masked_fill(~allowed, float("-inf"))
            P = torch.softmax(S, dim=1)
            heads.append(torch.matmul(P, V[:, :, cols]))
        return self.proj(torch.cat(heads, dim=2))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, mlp_ratio * d_model)
        self.fc2 = nn.Linear(mlp_ratio * d_model, d_model)
        self.act = nn.GELU()

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.fc2(self.act(self.fc1(self.ln1(x))))
        return x
