import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, d_model, d_k):
        super().__init__()
        self.query = nn.Linear(d_model, d_k, bias=False)   # W^Q_h
        self.key = nn.Linear(d_model, d_k, bias=False)     # W^K_h
        self.value = nn.Linear(d_model, d_k, bias=False)   # W^V_h

    def forward(self, x):
        T, d_k = x.shape[1], self.key.out_features
        Q, K, V = self.query(x), self.key(x), self.value(x)
        S = torch.matmul(Q, K.transpose(1, 2)) * d_k ** 0.5                   # Q K^T / sqrt(d_k)
        M = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))   # M_ij = 1 for j <= i
        A = torch.softmax(S.masked_fill(~M, float("-inf")), dim=-1)
        return torch.matmul(A, V)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.heads = nn.ModuleList(Head(d_model, d_model // n_heads) for _ in range(n_heads))
        self.proj = nn.Linear(d_model, d_model)            # W^O

    def forward(self, x):
        return self.proj(torch.cat([h(x) for h in self.heads], dim=-1))


class TransformerBlock(nn.Module):
    """Pre-LN block (Xiong et al., 2020): x' = x + MHA(LN_1(x)),  y = x' + FFN(LN_2(x'))."""

    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.sa = CausalSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(),
                                 nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        x_prime = x + self.sa(self.ln1(x))            # x' = x + MHA(LN_1(x))
        y = self.ffn(self.ln2(x_prime))     # y = x' + FFN(LN_2(x'))
        return y
