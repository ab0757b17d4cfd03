# A dummy kernel (issue 41) with torch under other names: an alias, a name imported from it, methods.
import torch as t
import triton
import triton.language as tl
from torch import empty_like


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    pass


def softmax(x):
    out = empty_like(x)
    softmax_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=16)
    e = getattr(t, "exp")(x - x.max(dim=-1, keepdim=True).values)
    return e.div(e.sum(dim=-1, keepdim=True))
