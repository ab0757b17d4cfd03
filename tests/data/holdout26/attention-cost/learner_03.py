from typing import Dict, Final

import numpy as np

kFlopsPerMac: Final[int] = 2
kMatmulsPerHead: Final[int] = 2


def macs_per_head(tokens: int, head_dim: int) -> int:
    return tokens * head_dim * head_dim


def flops_all_layers(batch: int, layers: int, heads: int, head_dim: int, tokens: int) -> int:
    per_head: int = kMatmulsPerHead * kFlopsPerMac * macs_per_head(tokens, head_dim)
    return batch * layers * heads * per_head


def score_bytes_one_layer(batch: int, heads: int, tokens: int, bytes_per_element: int) -> int:
    elements: int = batch * heads * tokens * tokens
    return elements * bytes_per_element * 8


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    result: Dict[str, int] = {}
    result["flops"] = flops_all_layers(batch, layers, heads, head_dim, tokens)
    result["memory_bytes"] = score_bytes_one_layer(batch, heads, tokens, bytes_per_element)
    return result
