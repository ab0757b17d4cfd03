import enum

import torch


class Product(enum.Enum):
    SCORES = "q k^T"
    MIX = "a v"


def _product_flops(product, tokens, head_dim):
    match product:
        case Product.SCORES:
            m, k, n = tokens, head_dim, tokens
        case Product.MIX:
            m, k, n = tokens, tokens, head_dim
    return 2 * m * k * n


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head = sum(_product_flops(p, tokens, head_dim) for p in Product)
    flops = batch * heads * per_head
    elements = torch.tensor([batch, heads, tokens, head_dim], dtype=torch.int64).prod().item()
    return {"flops": flops, "memory_bytes": elements * bytes_per_element}
