import math

import torch
import torch.nn.functional as F


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, None, :, :, :].expand(batch, n_rep, num_key_value_heads, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


def grouped_query_attention(q, k, v, causal=False):
    bsz, num_heads, q_len, head_dim = q.shape
    num_key_value_heads, kv_len = k.shape[1], k.shape[2]
    num_key_value_groups = num_heads // num_key_value_heads
    key_states = repeat_kv(k, num_key_value_groups)
    value_states = repeat_kv(v, num_key_value_groups)
    attn_weights = torch.matmul(q, key_states.transpose(2, 3)) / math.sqrt(head_dim)
    if causal:
        causal_mask = torch.ones(q_len, kv_len, dtype=torch.bool, device=q.device).tril(diagonal=0)
        attn_weights = attn_weights.masked_fill(~causal_mask, float("-inf"))
    attn_weights = F.softmax(attn_weights, dim=-1).nan_to_num(0.0)
    attn_output = torch.matmul(attn_weights, value_states)
    return attn_output
