import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    e = tl.where(mask, 0.0, e)
    s = tl.sum(e, axis=0)
    tl.store(out_ptr + row * row_stride + cols, e / s, mask=mask)


def softmax(x):
    if not isinstance(x, torch.Tensor):
        raise ValueError("x must be a torch tensor")
    if x.dim() != 2:
        raise ValueError(f"x must be 2-D, got shape {tuple(x.shape)}")
    if x.dtype not in (torch.float16, torch.bfloat16, torch.float32):
        raise ValueError(f"x must be floating point, got {x.dtype}")
    n_rows, n_cols = x.shape
    if n_rows == 0 or n_cols == 0:
        return torch.empty_like(x)
    x = x.contiguous()
    out = torch.empty_like(x)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=triton.next_power_of_2(n_cols))
    return out
