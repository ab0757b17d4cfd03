import torch
import torch.nn as nn


class Head(nn.Module):
    """One head: head_h = softmax(Q_h K_h^T / sqrt(d_k) + M) V_h."""

    def __init__(self, d_model, d_k):
        super().__init__()
        self.key = nn.Linear(d_model, d_k)      # W^K_h
        self.query = nn.Linear(d_model, d_k)    # W^Q_h
        self.value = nn.Linear(d_model, d_k)    # W^V_h
        self.d_k = d_k

    def forward(self, x):
        T = x.shape[1]
        K = self.query(x)                                        # K_h = X W^K_h
        Q = self.query(x)                                      # Q_h = X W^Q_h
        V = self.value(x)                                      # V_h = X W^V_h
        S = Q @ K.transpose(-2, -1) / self.d_k ** 0.5          # S = Q K^T / sqrt(d_k)
        M = torch.full((T, T), float("-inf"), dtype=x.dtype, device=x.device).triu(1)  # M_ij = -inf for j > i
        A = torch.softmax(S + M, dim=-2)                       # A = softmax(S + M), row-wise
        return A @ V                                           # head_h = A V_h


class CausalSelfAttention(nn.Module):
    """MultiHead(X) = Concat(head_1, ..., head_H) W^O."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)                # W^O

    def forward(self, x):
        H = torch.cat([head(x) for head in self.heads], dim=-1)  # Concat(head_1, ..., head_H)
        return self.proj(H)
