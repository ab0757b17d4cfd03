import math

import torch


def attention(q, k, v, mask=None):
    head_dimension = q.shape[-1]
    raw_attention_scores = torch.matmul(q, k.transpose(-2, -1))
    scaled_attention_scores = raw_attention_scores / math.sqrt(head_dimension)
    if mask is not None:
        scaled_attention_scores = scaled_attention_scores.masked_fill(mask.logical_not(), float("-inf"))
    row_maximum_scores = scaled_attention_scores.max(dim=-1, keepdim=True).values
    row_maximum_scores = torch.nan_to_num(row_maximum_scores, neginf=0.0)
    exponentiated_scores = torch.exp(scaled_attention_scores)
    normalising_denominator = exponentiated_scores.sum(dim=-1, keepdim=True)
    attention_probabilities = exponentiated_scores / normalising_denominator
    attended_values = torch.matmul(attention_probabilities, v)
    return attended_values
