import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(X_ptr, Y_ptr, n_cols, stride_xm, stride_ym, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0)
    rn = tl.arange(0, BLOCK_N)
    mask = rn < n_cols
    x_ptrs = X_ptr + rm * stride_xm + rn
    x = tl.load(x_ptrs, mask=mask, other=0.0)
    row_max = tl.max(x, axis=0)
    num = tl.exp(x - row_max)
    den = tl.sum(num, axis=0)
    y = num / den
    y_ptrs = Y_ptr + rm * stride_ym + rn
    tl.store(y_ptrs, y, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    x = x.contiguous()
    y = torch.empty_like(x)
    BLOCK_N = triton.next_power_of_2(n_rows)
    softmax_kernel[(n_rows,)](x, y, n_cols, x.stride(0), y.stride(0), BLOCK_N=BLOCK_N)
    return y
