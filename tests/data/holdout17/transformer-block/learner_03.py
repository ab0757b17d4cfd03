import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.embed_dim = d_model
        self.num_heads = n_heads
        self.head_dim = d_model // n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def _split_heads(self, tensor):
        new_shape = tensor.size()[:-1] + (self.num_heads, self.head_dim)
        return tensor.view(new_shape).permute(0, 2, 1, 3)

    def _merge_heads(self, tensor):
        tensor = tensor.permute(0, 2, 1, 3).contiguous()
        return tensor.view(tensor.size()[:-2] + (self.num_heads * self.head_dim,))

    def forward(self, hidden_states):
        query, key, value = self.c_attn(hidden_states).split(self.embed_dim, dim=2)
        query, key, value = self._split_heads(query), self._split_heads(key), self._split_heads(value)
        attn_weights = torch.matmul(query, key.transpose(-1, -2)) / math.sqrt(self.embed_dim)
        q_len, k_len = query.size(-2), key.size(-2)
        causal_mask = torch.ones(q_len, k_len, dtype=torch.bool, device=query.device).tril()
        mask_value = torch.finfo(attn_weights.dtype).min
        attn_weights = torch.where(causal_mask, attn_weights, mask_value)
        attn_weights = F.softmax(attn_weights, dim=-1)
        attn_output = self._merge_heads(torch.matmul(attn_weights, value))
        return self.c_proj(attn_output)


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        inner_dim = mlp_ratio * d_model
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.c_fc = nn.Linear(d_model, inner_dim)
        self.mlp_proj = nn.Linear(inner_dim, d_model)

    def forward(self, hidden_states):
        attn_output = self.attn(self.ln_1(hidden_states))
        hidden_states = hidden_states + attn_output
        feed_forward = self.mlp_proj(F.gelu(self.c_fc(self.ln_2(hidden_states))))
        return feed_forward
