import torch
import torch.nn as nn


class _Particle(nn.Module):
    """One head: each token is a particle that emits a key, a query and a value."""

    def __init__(self, d_model, head_size):
        super().__init__()
        self.key = nn.Linear(d_model, head_size)
        self.query = nn.Linear(d_model, head_size)
        self.value = nn.Linear(d_model, head_size)

    def forward(self, state):
        n_steps = state.shape[1]
        k = self.key(state)
        q = self.query(state)
        v = self.value(state)
        coupling = q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5
        light_cone = torch.triu(torch.ones(n_steps, n_steps, dtype=torch.bool, device=state.device))
        coupling = coupling.masked_fill(~light_cone, float("-inf"))
        weights = torch.softmax(coupling, dim=-2)
        return weights @ v


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.heads = nn.ModuleList([_Particle(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        state = x
        fields = [head(state) for head in self.heads]
        return self.proj(torch.cat(fields, dim=-1))
