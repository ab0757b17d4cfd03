"""Triton slips beyond the drills' catalogues (issue 44, item 4), each an edit of the shipped
solution as a learner makes it, several per kind, with the words the kernel's localisation must
say: the grid that does not cover the output, the rescale factor inverted, the scores scaled
twice, a key or K loop that stops short. Keyed by (drill, kind, n)."""

GRID = "grid"
INVERTED = "inverted"
TWICE = "twice"
SHORT = "short"
MISREAD = "misread"
FILL = "fill"
EXPONENT = "exponent"
AXIS = "axis"
SHARED = "shared"

SLIPS = {
    ("softmax-triton", GRID, 1): [("softmax_kernel[(n_rows,)]", "softmax_kernel[(1,)]")],
    ("softmax-triton", GRID, 2): [("softmax_kernel[(n_rows,)]", "softmax_kernel[(n_rows - 1,)]")],
    ("matmul-triton", GRID, 1): [("grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))", "grid = (1, triton.cdiv(N, bn))")],
    ("matmul-triton", GRID, 2): [("grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))", "grid = (M // bm, N // bn)")],
    ("flash-attention-triton", GRID, 1): [("grid = (triton.cdiv(T, block_m), B * H)", "grid = (T // block_m, B * H)")],
    ("flash-attention-triton", INVERTED, 1): [("alpha = tl.exp2(m_i - m_new)", "alpha = tl.exp2(m_new - m_i)")],
    ("flash-attention-triton", INVERTED, 2): [("alpha = tl.exp2(m_i - m_new)", "alpha = 1.0 / tl.exp2(m_i - m_new)")],
    ("flash-attention-triton", TWICE, 1): [(".to(ACC) * scale", ".to(ACC) * scale * scale")],
    ("flash-attention-triton", TWICE, 2): [("        keep = offs_n[None, :] < T", "        s = s * scale\n        keep = offs_n[None, :] < T")],
    ("flash-attention-triton", SHORT, 1): [("hi = tl.minimum((pid_m + 1) * BLOCK_M, T) if CAUSAL else T",
                                            "hi = pid_m * BLOCK_M if CAUSAL else T")],
    ("flash-attention-triton", SHORT, 2): [("hi = tl.minimum((pid_m + 1) * BLOCK_M, T) if CAUSAL else T",
                                            "hi = tl.minimum(pid_m * BLOCK_M, T) if CAUSAL else T")],
    ("matmul-triton", SHORT, 1): [("range(0, tl.cdiv(K, BLOCK_K))", "range(0, tl.cdiv(K, BLOCK_K) - 1)")],
    # loads that read other elements than the program's output calls for
    ("softmax-triton", MISREAD, 1): [("    x = x.contiguous()\n", ""),
                                     ("(x, out, n_cols, x.stride(0),", "(x, out, n_cols, n_cols,")],
    ("matmul-triton", MISREAD, 1): [("offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn",
                                     "offs_k[:, None] * stride_bn + offs_n[None, :] * stride_bk")],
    ("flash-attention-triton", MISREAD, 1): [("v = tl.load(v_ptr + base + offs_n[:, None]",
                                              "v = tl.load(v_ptr + base + offs_m[:, None]")],
    ("softmax-triton", FILL, 1): [('other=-float("inf")', 'other=float("inf")')],
    ("softmax-triton", AXIS, 1): [("tl.program_id(0)", "tl.program_id(1)")],
    ("softmax-triton", SHARED, 1): [("tl.store(out_ptr + row * row_stride + cols", "tl.store(out_ptr + cols")],
    ("softmax-triton", EXPONENT, 1): [("num = tl.exp(x)", "num = tl.exp2(x * 1.44)")],
}

# what the diagnosis must say, by kind
SAYS = {
    GRID: ["your grid launches", "never written"],
    INVERTED: ["'rescale factor'", "reciprocal"],
    TWICE: ["scaled twice"],
    SHORT: ["never loaded", "from what it loads alone"],
    MISREAD: ["the load at line", "belong"],
    FILL: ["fills the lanes its mask turns off with inf", "take part"],
    EXPONENT: ["'exponentials'", "log2(e)", "multiplies by 1.44"],
    AXIS: ["reads tl.program_id(1)", "read tl.program_id(0)", "never written"],
    SHARED: ["tl.store(out_ptr + cols", "store to the same output elements", "never written"],
}
