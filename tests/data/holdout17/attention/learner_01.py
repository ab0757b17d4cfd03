import math

import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    query_states, key_states, value_states = q, k, v
    head_dim = query_states.size(-1)
    attn_weights = torch.matmul(query_states, key_states.transpose(-1, -2)) / math.sqrt(value_states.size(-1))
    if mask is not None:
        attn_weights = attn_weights.masked_fill(mask.logical_not(), torch.finfo(attn_weights.dtype).min)
    attn_weights = F.softmax(attn_weights, dim=-1, dtype=attn_weights.dtype)
    if mask is not None:
        attn_weights = attn_weights * mask.any(dim=-2, keepdim=True)
    attn_output = torch.matmul(attn_weights, value_states)
    return attn_output
