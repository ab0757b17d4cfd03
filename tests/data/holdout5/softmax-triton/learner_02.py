import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    valid = cols < n_cols
    logits = tl.load(x_ptr + row * row_stride + cols, mask=valid, other=-float("inf"))
    shifted = logits - tl.max(logits, axis=0)
    numer = tl.exp(shifted)
    probs = numer / tl.sum(numer, axis=0)
    tl.store(out_ptr + cols, probs, mask=valid)


def softmax(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    BLOCK = triton.next_power_of_2(n_rows)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=BLOCK)
    return out
