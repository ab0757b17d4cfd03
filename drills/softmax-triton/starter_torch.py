import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    # load this row (masked), subtract its max, exponentiate, divide by the sum, store (masked)
    pass


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row: see TASK.md."""
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    raise NotImplementedError("write softmax_kernel's body, then delete this line")
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=triton.next_power_of_2(n_cols))
    return out
