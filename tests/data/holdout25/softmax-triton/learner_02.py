import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr, CHUNK: tl.constexpr, NCHUNK: tl.constexpr):
    row = tl.program_id(0)
    # the row as NCHUNK x CHUNK pieces: each piece gets its own (max, sum), merged at the end
    offs = tl.arange(0, NCHUNK)[:, None] * CHUNK + tl.arange(0, CHUNK)[None, :]
    mask = offs < n_cols
    x = tl.load(x_ptr + row * row_stride + offs, mask=mask, other=-float("inf"))
    part_max = tl.max(x, axis=1)                                            # (NCHUNK,)
    safe_max = part_max           # an all-padding piece
    part_sum = tl.sum(tl.exp(x - safe_max[:, None]), axis=1)                # (NCHUNK,)
    row_max = tl.max(part_max, axis=0)
    row_sum = tl.sum(part_sum, axis=0)         # rescale each piece to the row max
    y = tl.exp(x - row_max) / row_sum
    tl.store(out_ptr + row * row_stride + offs, y, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    x = x.contiguous()
    out = torch.empty_like(x)
    BLOCK = triton.next_power_of_2(n_cols)
    CHUNK = min(16, BLOCK)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=BLOCK, CHUNK=CHUNK, NCHUNK=BLOCK // CHUNK)
    return out
