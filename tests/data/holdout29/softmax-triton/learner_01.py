import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    out_ty = out_ptr.dtype.element_ty
    acc_ty = tl.float64 if out_ty == tl.float64 else tl.float32  # fp16/bf16 rows are worked on in fp32
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0).to(acc_ty)
    x = tl.where(mask, x, float("-inf"))
    m = tl.max(x, axis=0)
    e = tl.where(mask, tl.exp(x - m), 0.0)
    s = tl.sum(e, axis=0)
    y = (e / s).to(tl.float16)
    tl.store(out_ptr + row * row_stride + cols, y, mask=mask)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row."""
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=triton.next_power_of_2(n_cols))
    return out
