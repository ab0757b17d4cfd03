import math

import torch
import torch.nn as nn

MASK_FILL_VALUE = float("-inf")


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.model_dimension = d_model
        self.number_of_heads = n_heads
        self.head_dimension = d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def get_split_heads(self, tensor, batch_size, sequence_length):
        return tensor.view(batch_size, sequence_length, self.number_of_heads, self.head_dimension).transpose(1, 2)

    def get_causal_mask(self, sequence_length, device):
        return torch.tril(torch.ones(sequence_length, sequence_length, device=device), diagonal=1).bool()

    def forward(self, x):
        batch_size, sequence_length, _ = x.shape
        query_heads = self.get_split_heads(self.q_proj(x), batch_size, sequence_length)
        key_heads = self.get_split_heads(self.k_proj(x), batch_size, sequence_length)
        value_heads = self.get_split_heads(self.k_proj(x), batch_size, sequence_length)
        attention_scores = torch.matmul(query_heads, key_heads.transpose(-2, -1)) / math.sqrt(self.head_dimension)
        causal_mask = self.get_causal_mask(sequence_length, x.device)
        attention_scores = attention_scores.masked_fill(~causal_mask, MASK_FILL_VALUE)
        attention_weights = torch.softmax(attention_scores, dim=-1)
        merged_heads = attention_weights.matmul(value_heads).transpose(1, 2).reshape(batch_size, sequence_length, self.model_dimension)
        return self.out_proj(merged_heads)
