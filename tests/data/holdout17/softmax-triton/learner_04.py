import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, stride_xm, stride_xn, stride_om, stride_on, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    valid = cols < n_cols
    x = tl.load(x_ptr + row * stride_xm + cols * stride_xn, mask=valid, other=0.0)
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    y = e / tl.sum(e, axis=0)
    tl.store(out_ptr + row * stride_om + cols * stride_on, y, mask=valid)


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), out.stride(1),
                              BLOCK=triton.next_power_of_2(n_cols), num_warps=4)
    return out
