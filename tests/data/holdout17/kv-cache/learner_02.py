import math

import torch
import torch.nn.functional as F


def _rotate(hidden_states, position_ids, base=10000.0):
    head_dim = hidden_states.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    freqs = position_ids.to(torch.float64)[:, None] * inv_freq[None, :]
    cos = freqs.cos().to(hidden_states.dtype)[None, None]
    sin = freqs.sin().to(hidden_states.dtype)[None, None]
    x1, x2 = hidden_states[..., 0::2], hidden_states[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, q_len, hidden_size = x.size()
    head_dim = hidden_size // n_heads
    position_ids = torch.arange(start_pos, start_pos + q_len)
    query_states = (x @ w_q).view(bsz, q_len, n_heads, head_dim).transpose(1, 2)
    key_states = (x @ w_k).view(bsz, q_len, n_heads, head_dim).transpose(1, 2)
    value_states = (x @ w_v).view(bsz, q_len, n_heads, head_dim)
    query_states = _rotate(query_states, position_ids)
    key_states = _rotate(key_states, position_ids)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + q_len] = (x @ w_k).view(bsz, q_len, n_heads, head_dim)
    cache_v[:, start_pos:start_pos + q_len] = value_states
    kv_len = start_pos + q_len
    keys = cache_k[:, :kv_len].transpose(1, 2)
    values = cache_v[:, :kv_len].transpose(1, 2)
    attn_weights = torch.matmul(query_states, keys.transpose(2, 3)) / math.sqrt(head_dim)
    causal_mask = torch.ones(q_len, kv_len, dtype=torch.bool).tril()
    attn_weights = attn_weights.masked_fill(~causal_mask, float("-inf"))
    attn_weights = F.softmax(attn_weights, dim=-1)
    attn_output = torch.matmul(attn_weights, values).transpose(1, 2).reshape(bsz, q_len, hidden_size)
    return attn_output @ w_o, cache_k, cache_v
