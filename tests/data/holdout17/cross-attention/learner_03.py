import math

import torch
import torch.nn.functional as F


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    bsz, tgt_len, embed_dim = x.size()
    src_len = memory.size(1)
    head_dim = embed_dim // n_heads

    def _shape(tensor, seq_len):
        return tensor.view(bsz, seq_len, n_heads, head_dim).transpose(1, 2).contiguous()

    query_states = _shape(x @ w_q, tgt_len)
    key_states = _shape(memory @ w_k, src_len)
    value_states = _shape(memory @ w_k, src_len)
    attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) / math.sqrt(head_dim)
    if memory_mask is not None:
        attention_mask = memory_mask[:, None, None, :] & torch.ones(tgt_len, src_len, dtype=torch.bool).tril()
        attn_weights = attn_weights.masked_fill(~attention_mask, float("-inf"))
    attn_probs = F.softmax(attn_weights, dim=-1).nan_to_num(0.0)
    attn_output = torch.matmul(attn_probs, value_states)
    attn_output = attn_output.transpose(1, 2).reshape(bsz, tgt_len, embed_dim)
    return attn_output @ w_o
