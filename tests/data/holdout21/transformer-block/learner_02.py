import math

import torch
import torch.nn as nn

GELU_INV_SQRT_TWO = math.sqrt(2.0)
MASK_FILL_VALUE = float("-inf")


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.model_dimension = d_model
        self.number_of_heads = n_heads
        self.head_dimension = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        sequence_length = x.shape[1]
        query_matrix = self.q_proj(x)
        key_matrix = self.k_proj(x)
        value_matrix = self.v_proj(x)
        causal_mask = torch.tril(torch.ones(sequence_length, sequence_length, dtype=torch.bool, device=x.device))
        head_outputs = []
        for head_index in range(self.number_of_heads):
            start_column = head_index * self.head_dimension
            end_column = start_column + self.head_dimension
            head_query = query_matrix[:, :, start_column:end_column]
            head_key = key_matrix[:, :, start_column:end_column]
            head_value = value_matrix[:, :, start_column:end_column]
            head_scores = head_query @ head_key.transpose(1, 2) / math.sqrt(self.head_dimension)
            head_scores = head_scores.masked_fill(~causal_mask, MASK_FILL_VALUE)
            head_outputs.append(torch.softmax(head_scores, dim=-1) @ head_value)
        return self.o_proj(torch.cat(head_outputs, dim=-1))


def get_exact_gelu(values):
    return 0.5 * values * (1.0 + torch.erf(values * GELU_INV_SQRT_TWO))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attention = CausalSelfAttention(d_model, n_heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.mlp_expand = nn.Linear(d_model, mlp_ratio * d_model)
        self.mlp_contract = nn.Linear(mlp_ratio * d_model, d_model)

    def forward(self, x):
        attention_output = self.attention(self.norm1(x))
        hidden_state = x + attention_output
        mlp_output = self.mlp_contract(get_exact_gelu(self.mlp_expand(self.norm2(x))))
        return hidden_state + mlp_output
