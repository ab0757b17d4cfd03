import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, col_stride, out_row_stride,
                   BLOCK: tl.constexpr, EVEN: tl.constexpr, SUB_MAX: tl.constexpr, UPCAST: tl.constexpr,
                   ACC: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    ptrs = x_ptr + row * row_stride + cols
    if EVEN:
        x = tl.load(ptrs)
    else:
        x = tl.load(ptrs, mask=cols < n_cols, other=-float("inf"))
    if UPCAST:
        x = x.to(ACC)
    if SUB_MAX:
        x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    y = (num / den).to(out_ptr.dtype.element_ty)
    optrs = out_ptr + row * out_row_stride + cols
    if EVEN:
        tl.store(optrs, y)
    else:
        tl.store(optrs, y, mask=cols < n_cols)


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), dtype=x.dtype, device=x.device)
    BLOCK = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_rows,)](
        x, out, n_cols, x.stride(0), x.stride(1), out.stride(0),
        BLOCK=BLOCK,
        EVEN=(BLOCK == n_cols),
        SUB_MAX=False,
        UPCAST=(x.dtype == torch.float64),
        ACC=tl.float32,
    )
    return out
