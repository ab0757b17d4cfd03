import torch


def _scores(batch, heads, tokens):
    return batch * heads * tokens * tokens


def _matmul_flops(n_out, inner):
    return 2 * n_out * inner


def _layer_flops(batch, heads, head_dim, tokens):
    qk = _matmul_flops(_scores(batch, heads, tokens), head_dim)
    av = _matmul_flops(batch * heads * tokens * head_dim, tokens)
    return qk + av


def _score_bytes(batch, heads, tokens, bytes_per_element):
    return _scores(batch, heads, tokens) * bytes_per_element


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    return {
        "flops": layers * _layer_flops(batch, heads, tokens, head_dim),
        "memory_bytes": _score_bytes(batch, heads, tokens, bytes_per_element),
    }
