import math

import torch
import torch.nn.functional as F


def _shape(tensor, seq_len, bsz, num_heads, head_dim):
    return tensor.view(bsz, seq_len, num_heads, head_dim).transpose(1, 2).contiguous()


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    bsz, tgt_len, embed_dim = x.size()
    head_dim = embed_dim // n_heads
    query_states = _shape(torch.matmul(x, w_q), tgt_len, bsz, n_heads, head_dim)
    key_states = _shape(torch.matmul(x, w_k), tgt_len, bsz, n_heads, head_dim)
    value_states = _shape(torch.matmul(x, w_v), tgt_len, bsz, n_heads, head_dim)
    attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) / math.sqrt(embed_dim)
    if mask is not None:
        attention_mask = mask.view(bsz if mask.dim() == 3 else 1, 1, tgt_len, tgt_len)
        attn_weights = attn_weights.masked_fill(attention_mask, float("-inf"))
    attn_weights = F.softmax(attn_weights, dim=-1)
    attn_weights = torch.nan_to_num(attn_weights, nan=0.0)
    attn_output = torch.matmul(attn_weights, value_states)
    attn_output = attn_output.contiguous().view(bsz, tgt_len, embed_dim)
    return torch.matmul(attn_output, w_o)
