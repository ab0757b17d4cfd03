import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.model_dimension = d_model
        self.number_of_heads = n_heads
        self.dimension_per_head = d_model // n_heads
        self.query_projection = nn.Linear(d_model, d_model)
        self.key_projection = nn.Linear(d_model, d_model)
        self.value_projection = nn.Linear(d_model, d_model)
        self.output_projection = nn.Linear(d_model, d_model)

    def split_into_heads(self, batch_time_model_tensor):
        batch_size, sequence_length, _ = batch_time_model_tensor.shape
        reshaped = batch_time_model_tensor.view(batch_size, sequence_length, self.number_of_heads, self.dimension_per_head)
        return reshaped.transpose(1, 2)

    def forward(self, x):
        batch_size, sequence_length, _ = x.shape
        queries = self.split_into_heads(self.query_projection(x))
        keys = self.split_into_heads(self.key_projection(x))
        values = self.split_into_heads(self.value_projection(x))
        attention_scores = torch.matmul(queries, keys.transpose(-2, -1)) / math.sqrt(self.model_dimension)
        future_positions = torch.ones(sequence_length, sequence_length, dtype=torch.bool, device=x.device)
        future_positions = torch.triu(future_positions, diagonal=2)
        attention_scores = attention_scores.masked_fill(future_positions, float("-inf"))
        attention_weights = torch.softmax(attention_scores, dim=-1)
        attended_values = torch.matmul(attention_weights, values)
        merged_heads = attended_values.contiguous().view(batch_size, sequence_length, self.model_dimension)
        return self.output_projection(merged_heads)
