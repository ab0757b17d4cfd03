import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, x_row_stride, x_col_stride, out_row_stride, out_col_stride,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols * x_col_stride, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    e = tl.where(mask, e, 0.0)
    s = tl.max(e, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols * out_col_stride, e / s, mask=mask)


def _launch_config(n_rows, n_cols):
    meta = {"BLOCK": triton.next_power_of_2(n_cols)}
    grid = lambda meta: (triton.cdiv(n_rows, meta["BLOCK"]),)
    return grid, meta


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    strides = {"x_row_stride": x.stride(0), "x_col_stride": x.stride(1),
               "out_row_stride": out.stride(0), "out_col_stride": out.stride(1)}
    grid, meta = _launch_config(n_rows, n_cols)
    softmax_kernel[grid](x, out, n_cols, **strides, **meta)
    return out
