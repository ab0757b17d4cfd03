import math
import operator
from functools import reduce

import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    n_scores = math.prod((batch, heads, tokens, tokens))
    flops_per_layer = sum(n_scores * head_dim for _ in ("q.k^T", "a.v"))
    flops = reduce(operator.mul, (layers, heads), flops_per_layer)
    memory = operator.mul(n_scores, bytes_per_element)
    return {"flops": flops, "memory_bytes": memory}
