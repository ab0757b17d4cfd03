import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention from the decoder stream x to the encoder output memory.

    x (B, T, d), memory (B, S, d), weights (d, d) applied as x @ w, memory_mask (B, S) True = real.
    """
    batch, t_len, d_model = x.shape
    s_len = memory.shape[1]
    d_head = d_model // n_heads
    # step 1: project queries from x, keys and values from memory
    queries = torch.matmul(x, w_q)
    keys = torch.matmul(memory, w_k)
    values = torch.matmul(memory, w_v)
    # step 2: split the last dim into heads, in order: (B, L, d) -> (B, h, L, d_head)
    queries = queries.reshape(batch, t_len, n_heads, d_head).permute(0, 2, 1, 3)
    keys = keys.reshape(batch, n_heads, s_len, d_head)
    values = values.reshape(batch, s_len, n_heads, d_head).permute(0, 2, 1, 3)
    # step 3: scaled scores, padding hidden
    scores = torch.matmul(queries, keys.transpose(-2, -1)) / math.sqrt(d_head)
    if memory_mask is not None:
        real = memory_mask.reshape(batch, 1, 1, s_len)
        scores = scores.masked_fill(~real, float("-inf"))
    else:
        real = torch.ones(batch, 1, 1, s_len, dtype=torch.bool, device=x.device)
    # step 4: stable softmax; a query whose memory is all padding gets all-zero weights
    row_max = scores.amax(dim=-1, keepdim=True).clamp_min(torch.finfo(scores.dtype).min)
    exp_scores = torch.exp(scores - row_max) * real
    denom = exp_scores.sum(dim=-1, keepdim=True)
    attention_weights = exp_scores / denom.clamp_min(torch.finfo(scores.dtype).tiny)
    # step 5: weighted values, heads merged back in order, output projection
    context = torch.matmul(attention_weights, values).permute(0, 2, 1, 3).reshape(batch, t_len, d_model)
    return torch.matmul(context, w_o)
