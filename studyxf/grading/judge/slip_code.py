"""Where a catalogued slip is written: the form of the line that carries it in the learner's code
(and where an argument the code leaves unused has its default written instead).

The values verify a catalogued slip (its change, made in the reference, gives every failing answer);
where neither the localisation nor an edit found its line (a head per module, `o = o + p @ v` with
the rescale left out: no one-token edit mends it), the one line of the file whose code has the
slip's form is where it is written, as a teacher reading the file would point at it. Several such
lines, or none, say no line: a line is said only where the code leaves one choice. A form is a
regular expression, alternatives tried in order, or a function of the code's lines (two-sum's store
above its lookup). A mask whose region the localisation verified wrong is said where the mask held in
a name is made (`mask_made`). Plain data, re and ast; no torch."""

from __future__ import annotations

import ast
import re


def public(slip: str) -> str:
    """The id a report names (families.public's rule, without importing torch with it)."""
    return slip.partition(":")[0]


_SQRT = r"\b(sqrt|rsqrt)\(|\*\*\s*\(?\s*-?\s*0?\.5\b"
# a name updated by adding to itself: `o = o + ...`, `o += ...` (`l = (l + p.sum(1)).to(ACC)` too)
_ACCUMULATED = r"^\s*([\w.]+)(\[[^\]]*\])?\s*(=\s*\(?\s*\1\s*(\+|\.add\()|\+=)"

# a mask made: a triangle, or positions compared (arange(Tk)[None, :] < arange(Tq)[:, None] + Tk - Tq)
# (or in a kernel, two offsets' rows and columns compared: offs_n[None, :] <= offs_m[:, None])
# (or two position vectors named as such: `allowed = row >= col`)
_MASK_MADE = r"\b(triu|tril)\w*\(|\barange\([^)]*\)\s*\[[^\]]*\]\s*(<=?|>=?)\s*\S*arange\(|" \
             r"^\s*\w+\s*=\s*\w*(row|col|pos|idx)\w*\s*(<=?|>=?)\s*\w*(row|col|pos|idx)\w*\s*$|" \
             r"\[\s*None\s*,\s*:\s*\]\s*(<=?|>=?)\s*[\w.]+\s*\[\s*:\s*,\s*None\s*\]|" \
             r"\[\s*:\s*,\s*None\s*\]\s*(<=?|>=?)\s*[\w.]+\s*\[\s*None\s*,\s*:\s*\]"

_MLP_CALL = r"\b(mlp|ffn|ff|feed_forward|c_fc|fc\w*)\w*\("  # a call of the MLP or one of its layers

# public slip id -> the regular expression a line's code (comments and strings left out) matches, or
# several tried in turn: the first that any line matches decides
SLIP_CODE = {
    # the one square root taken: of d_model where d_head belongs; of a name for the head's width bound to the
    # model's (`d_head = x.shape[-1]`), where it is bound
    "scale-d-model": lambda code: _root_of_head_width(code),
    "flash-no-rescale-output": (_ACCUMULATED + r".*(@|\b(dot|matmul|einsum|mm)\()",
                                # (or a record's field added to inside its constructor: `Running(m, l, r.acc + p @ v)`)
                                r"\b[\w.]*\bacc\w*\s*\+\s*[\w.]+\s*(@|\.(matmul|mm)\()"),
    # (or the first of several updated at once: `l, o, m = l + p.sum(-1), o * r + p @ v, t`)
    "flash-no-rescale-sum": (_ACCUMULATED + r".*\bsum\b", r"^\s*(\w+)\s*,[\w\s,]*=\s*\1\s*\+[^,]*\bsum\b"),
    # the heads merged by a reshape to (B, T, D) with no transpose on its line (a split is 4 axes)
    "heads-no-transpose": r"^(?!.*\b(transpose|permute|swapaxes|moveaxis|rearrange)\b).*"
                          r"\.(reshape|view)\(\s*[\w.]+\s*,\s*[\w.]+\s*,\s*[\w.*]+(\s*\*\s*[\w.]+)*\s*\)",
    "matmul-no-accumulate": r"^\s*(\w+)\s*=\s*(?!.*\b\1\b).*\bdot\(",  # acc = tl.dot(a, b): acc not read
    # head h % Hkv, np.tile; HF's repeat_kv expanded with the repeats ahead of the KV heads (expand(b, n_rep, kv, ...))
    "gqa-tiled": r"^(?!\s*(if|assert|elif|raise)\b).*%\s*[\w(]|\btile\(|\.expand\(\s*\w+\s*,\s*\w*(rep|group)\w*\s*,",
    # the bias added after the activation's call, or after GELU written out (`0.5 * z * (1 + erf(...)) + b1`)
    "mlp-bias-after-activation": (r"\b(gelu|relu|silu|act\w*)\(.*\)\s*\+",
                                  r"\b(erf|tanh)\(.*\)\s*\+\s*[\w.]+\s*$"),
    # the heads' exponents counted down (arange(n, 0, -1)), or reversed
    "alibi-slope-order": r"\barange\([^)]*,\s*-\s*1\s*[,)]|\[\s*::\s*-1\s*\]|\bflip\w*\(|\breversed\(",
    # -inf filled where the mask itself is True (not ~mask, mask == 0): `masked_fill(mask, -inf)`, where(mask, -inf, s)
    # (a string is blanked to "": float("-inf") reads float(""))
    "mask-inverted": (r"\bmasked_fill\(\s*(\w*mask\w*|\([^,]*\bmask\b[^,]*\))\s*,\s*"
                      r"(float\(\s*\"\"\s*\)|-\s*((np|torch|math)\.)?inf)|"
                      r"\bwhere\(\s*\w*mask\w*\s*,\s*(float\(\s*\"\"\s*\)|-\s*(np|torch|math)\.inf)",
                      # a mask held under another name, bound from the given one as it is (pad = memory_mask.bool()):
                      # where it is bound; else where -inf is filled where it holds
                      lambda code: _mask_bound(code),
                      # (or made by the file's own comparison: where it is made)
                      lambda code: _made_mask_filled(code),
                      r"\b(masked_fill|where)\(\s*[\w.]+(\[[^\]]*\])?\s*,\s*([\w.]+\([^,()]*,\s*)?(float\(\s*\"\"\s*\)|"
                      r"-\s*((np|torch|math)\.)?inf)",
                      # (or -inf stored where a given mask holds, `E[:, memory_mask[b]] = -np.inf`)
                      r"^(?!.*(~|\bnot\b|logical_not))\s*\w+\[[^=]*\b\w*mask\w*\b[^=]*\]\s*=\s*"
                      r"(float\(\s*\"\"\s*\)|-\s*((np|torch|math)\.)?inf)",
                      # else a mask inverted where it is read (keep = ~memory_mask; ~mask as a fill's
                      # condition is the right way round)
                      r"^(?!.*\b(masked_fill_?|where)\().*(~\s*\(?\s*[\w.]*mask\w*|\blogical_not\(\s*[\w.]*mask)",
                      _MASK_MADE),  # else where the file makes its own mask (a triangle kept where the other belongs)
    # the fused projection viewed per head first: (B, T, H, 3, d), the 3 after the heads
    "qkv-per-head": r"\.(view|reshape)\([^()]*\b\w+\s*,\s*3\s*,\s*[\w.]+\s*\)",
    # the scale and the shift exchanged: times beta, plus gamma (or names bound to them)
    "ln-gamma-beta-swapped": lambda code: _affine_swapped(code),
    # the shift added before the scale: (y + beta) * gamma
    "ln-beta-before-gamma": r"\(\s*[\w.]+\s*\+\s*[\w.]*beta\w*\s*\)\s*\*|\.add\(\s*[\w.]*beta\w*\s*\)\s*\.mul\(",
    # the mask applied by a call whose result is thrown away (`att.masked_fill(mask == 0, -inf)` as a statement)
    "mask-ignored": (r"^\s*[\w.\[\]]+\.masked_fill\(",
                     # else a query loop's keys cut at an end that ignores the query (`m = p + t`, then `K[:, :m]`)
                     lambda code: _loop_end_fixed(code)),
    # the output's axes in another order: the one return that reorders them (`return out.transpose(1, 2)`)
    "shape": r"^\s*return\b.*(\.(transpose|permute|swapaxes|moveaxis|mT|T)\b|"
             r"\b(np|torch)\.(transpose|swapaxes|moveaxis)\()",
    # return [other, val] (or [want, nums[i]]): the one pair returned
    # (an index one subscript deep too: `return [vec[order[lo]], vec[order[hi]]]`, a sorted order's values)
    "two-sum-values": r"^\s*return\s*[\[(]\s*([\w.]+\s*[-+]\s*)?[\w.]+(\[([^\[\]]|\[[^\]]*\])*\])?\s*,\s*"
                      r"([\w.]+\s*[-+]\s*)?[\w.]+(\[([^\[\]]|\[[^\]]*\])*\])?\s*[\])]\s*$",  # return [target - x, x] too
    # a membership test in a slice made in the loop (`target - x in nums[:i]`): the O(n) step (`in nums` may be
    # a list or a dict, and .index( may run once: neither is read as the cause)
    # (or a prefix scanned by a comprehension, `max(k for k in range(i) if s[k] == c)`, or a list searched twice in
    # one expression, `nums.index(y) if y in nums`)
    "too-slow": (r"\bin\s+[\w.]+\s*\[[^\]]*:[^\]]*\]|\bin\s+list\(",
                 r"\bfor\s+\w+\s+in\s+range\(\s*\w+\s*\)\s*if\b|(\w+)\.index\(.*\bif\b.*\bin\s+\1\b"),
    # any lower or upper triangle: cross-attention has no causal mask
    "cross-causal": r"\b(tril|triu)\w*\(",
    # both sub-layers through one helper whose arguments return f(ln(t)), nothing added (`lambda f, ln, t: f(ln(t))`)
    "no-residual": r"^\s*(\w+\s*=\s*lambda\b[^:]*:|return\b)(?!.*\+)\s*\w+\(\s*\w+\(\s*\w+\s*\)\s*\)\s*$",
    # the block's output the MLP's alone: `return ff` where ff = self.mlp(...) was assigned with no residual
    "no-residual-mlp": lambda code: _returned_alone(code, _MLP_CALL) or _stream_replaced(code, _MLP_CALL),
    # cos written into the even columns (pe[:, 0::2] = cos(...), or a pair of them assigned at once)
    # (or the one line that picks cos or sin by a column's parity: `fn = cos if j % 2 == 0 else sin`)
    "sinusoidal-sin-cos-swapped": (r"\[[^\]]*((?<!\w)0?::2|2\s*\*\s*\w+)\s*\]\s*(,.*)?=\s*[\w.]*\bcos\(",
                                   r"^(?=.*\bcos\b)(?=.*\bsin\b)(?=.*%\s*2\b).*\b(if|where)\b"),
    "rms-eps-outside-sqrt": lambda code: _root_plus_eps(code),
    # eps added to the mean square with no root taken on the line (`scale = 1.0 / (ms + eps)`)
    "rms-no-sqrt": r"^(?!.*\b(r?sqrt|std|norm)\b)(?!.*\*\*\s*\(?\s*-?\s*0?\.5).*\+\s*[\w.]*\beps\b",
    # times the root: in one expression, else the one line that binds a name to a root (`inv = sqrt(ms + eps)`)
    "rms-multiplies": (r"\*\s*((torch|np|numpy|math)\.)?sqrt\(", r"^\s*\w+\s*=\s*((torch|np|numpy|math)\.)?sqrt\(",
                       # (or a helper that returns the root: `norm = lambda x, eps: (...).sqrt()`)
                       r"^(\s*\w+\s*=\s*lambda\b|\s*return\b)(?!.*/).*"
                       r"(\bsqrt\([^()]*(\([^()]*\))*[^()]*\)|\.sqrt\(\s*\))\s*$",
                       # (or the root as a step of a list: `torch.sqrt,`)
                       r"^\s*((torch|np|numpy|math)\.)?sqrt\s*,?\s*$"),
    # the stream replaced by the attention's output, no residual added (`x = self.attn(self.ln_1(x))`)
    # (or the one attention output, bound to a name of its own, that no later line adds to anything: `h = self.attn(
    # self.ln1(residual))`, then `out = h.clone()`)
    "no-residual-attn": (r"^\s*(\w+)\s*=\s*(?!.*\+)self\.\w*(attn|attention|mha|sa)\w*\(.*\b\1\b",
                         lambda code: _never_added(code, r"self\.(?!c_attn\b)(\w+_)?(attn|attention|mha|msa|sa)\(")),
    # masked scores filled with 0 (`np.where(mask, s, 0.0)`, `masked_fill(mask, 0)`)
    "mask-fill-zero": r"\bmasked_fill_?\([^,]+,\s*0(\.0*)?\s*\)|\bwhere\([^,]+,\s*[\w.\[\]]+\s*,\s*0(\.0*)?\s*\)",
    # the one line that rotates a pair, both cosines and sines in it, where the sines' signs are written
    # the exponentials divided by their max (1 after the shift) where their sum belongs: where that max is taken
    "softmax-not-normalised": (lambda code: _max_of_exponentials(code),
                               # (or the exponentials stored, their normalised quotient made and never read)
                               lambda code: _quotient_unread(code)),
    "rope-sign": r"\*\s*[\w.]*\bcos\b.*[+-].*\*\s*[\w.]*\bsin\b|\*\s*[\w.]*\bsin\b.*[+-].*\*\s*[\w.]*\bcos\b",
    # a kernel's one where() that sets scores to -inf, none of its conditions the keys' bound
    # (the keys past T set to 0 by their own mask, `tl.where(keys[None, :] < T, s, 0.0)`: there; else where -inf is
    # filled by a mask that never compares with T, beside which theirs belongs)
    "flash-keys-unmasked": (r"^(?=.*<\s*(\w*\b(T|N|n|L)\w*|seq\w*)\b).*\bwhere\(.*,\s*0(\.0*)?\s*\)",
                            r"^(?!.*<\s*(\w*\b(T|N|n|L)\w*|seq\w*)\b).*\bwhere\(.*"
                            r"(float\(\s*\"\"\s*\)|-\s*((np|torch|math)\.)?inf)"),
    "ln-eps-outside-sqrt": lambda code: _root_plus_eps(code),
    # the variance divided by d - 1: asked for (ddof=1, unbiased=True, correction=1), or torch's `.var(` default
    "ln-unbiased-variance": (r"\b(ddof\s*=\s*1|unbiased\s*=\s*True|correction\s*=\s*1)\b",
                             r"\.var\((?!.*\b(unbiased|correction|ddof)\s*=)"),
    "sinusoidal-exponent": r"^(?=.*(10000|\bbase\b|1e4)).*(\*\*|\b(exp|pow|power)\()",
    # the sines and the cosines joined side by side, where they interleave: the one join of a sin and a cos
    "sinusoidal-concat": r"\b(cat|concatenate|hstack)\((?=.*\bsin\().*\bcos\(",
    "rope-frequency": r"^(?=.*(10000|\bbase\b|1e4)).*(\*\*|\b(exp|pow|power)\()",  # where the exponent is written
    # the variance's one assignment (mean(x^2) where the centred x's belongs)
    "ln-var-not-centred": (r"^\s*(var|variance|sigma2|sigma_sq)\w*\s*=",
                           # else the one mean of a square: (x * x).mean(-1), np.mean(x ** 2, ...)
                           r"\(\s*(\w+)\s*\*\s*\1\s*\)\.mean\(|\(\s*\w+\s*\*\*\s*2\s*\)\.mean\(|"
                           r"\bmean\(\s*(\w+)\s*(\*\*\s*2|\*\s*\2)\b|\bmean\(\s*\w+\.(square|pow)\("),
    # a sub-layer called on a bare name where its norm's output belongs (`x + self.mlp(x)`)
    "norm-skipped": r"\bself\.(mlp|ffn|ff|feed_forward|attn|attention|mha|sa)\w*\(\s*\w+\s*\)",
    "post-norm": (r"\b(ln|norm|layer_norm|layernorm)\w*\(\s*[\w.]+\s*\+",  # ln1(x + sa(x))
                  # (or any callable applied to a stream plus a sub-layer of it: `pair[0](h + pair[1](h))`)
                  r"[\w.\]]\(\s*(\w+)\s*\+\s*[\w.\[\]]+\(\s*\1\s*\)\s*\)"),
    "block-parallel": r"^(?!\s*def\b).*\b(mlp|ffn|ff|feed_forward|feedforward)\w*\(",  # the MLP read from x
    # the softmax (or its sum, written out) taken along another axis than the last
    "softmax-axis": (r"\b(_*[Ss]oftmax|sum)\(.*\b(dim|axis)\s*=\s*(?!\s*-\s*1\b)-?\s*\d",  # (`_Softmax(axis=-2)`)
                     r"\b(softmax|sum|max|amax|logsumexp)\(\s*-\s*2\b"),  # p.sum(-2, keepdim=True)
    "gelu-tanh": r"\bapproximate\s*=|\btanh\(",  # the tanh approximation, asked for or written out
    "gelu-quick": r"(?<![\w.])1\.702\b|\bquick_gelu\(|\bQuickGELU\(",  # x * sigmoid(1.702 x), CLIP's
    "flops-no-factor-2": (r"(?i)^\s*\w*(flop|mac)\w*\s*=\s*1\s*$",  # FLOPS_PER_MAC = 1: the 2 of a multiply-add
                          # (or A.V's count made and never read, beside QK^T's: where QK^T's alone is read)
                          lambda code: _unused_sibling(code),
                          # (or a helper that returns a product's multiply-adds, called for QK^T and A.V, where
                          # no 2 is written anywhere)
                          lambda code: _macs_returned(code)),
    # one layer's scores multiplied by the layers
    "memory-all-layers": r"(?i)^\s*\w*(mem|byte)\w*\s*=.*(\b(L|n_?layers|num_layers|layers)\s*\*|"
                         r"\*\s*(L|n_?layers|num_layers|layers)\b)",
    # one LayerNorm called twice: its second call, where the other belongs
    "ln-shared": lambda code: _called_twice(code, r"\bself\.(\w*(ln|norm)\w*)\("),
    "rms-gamma-plus-one": r"\(\s*1(\.0*)?\s*\+\s*[\w.]*\b(gamma|weight|scale|g|w)\b|"
                          r"\b(gamma|weight|scale)\s*\+\s*1(\.0*)?\b",  # (1 + gamma): Gemma's convention
    # a block's end clamped one short: min(start + block, Tk - 1)
    "flash-last-key-dropped": r"\bmin\w*\(.*-\s*1\s*\)",
    # the window's start moved to just past the last occurrence, without max(): it may move back
    # the best length taken as the count of characters kept (`max(best, len(last))`), not the window's
    "distinct-characters": r"\bmax\([^()]*\blen\(\s*[\w.]+\s*\)\s*\)",
    "window-start-backwards": (lambda code: _found_at_all(code),  # `if last >= 0:` where `>= start` belongs
                               r"^\s*(if\b[^:]*:\s*)?"
                               r"\w+\s*=\s*(?!.*\bmax\()[\w.]+(\[[^\]]+\]|\.get\([^()]*\))\s*\+\s*1\s*"
                               r"(if\b.*\belse\s+\w+\s*)?$",  # (`lo = seen[c] + 1 if c in seen else lo`)
                               # (or a name the lookup was bound to: `start = lastSeenIndex + 1`)
                               r"(?i)^\s*\w+\s*=\s*(?!.*\bmax\()\w*(last|prev|seen)\w*\s*\+\s*1\s*$"),
    "alibi-slope-precedence": r"\*\*[^*\n]*\*\*",  # a ** b ** c: binds right to left
    # the slopes' one power of 2 (2 ** (-8 * h / n), exp2, a ratio's powers): where the head's index is counted
    "alibi-slope-offset": lambda code: _slope_line(code),
    "alibi-slope-no-8": lambda code: _slope_line(code),
    # the positions made afresh, 0..T-1, where the given ones belong
    # (not the default given to a parameter, `positions = np.arange(T)` under `if positions is None`); in a loop
    # over the rows, the row's index taken as its position (`m = float(t)` where positions[t] belongs)
    "rope-ignores-positions": lambda code: _made_afresh(code),
    # the keys after the query left at distance 0: a loop to the query, a lower triangle, or a clamp at 0
    "alibi-distance-clamped": r"\brange\(\s*\w+\s*\+\s*1\s*\)|\btril\w*\(|\bclamp\w*\(|"
                              r"\bmax(imum)?\(\s*[\w\s-]+,\s*0(\.0*)?\s*\)",
    # max(best, j - i): no + 1; else the one length written as a bare difference (length = right - left)
    "window-off-by-one": (r"^(?!.*\+\s*1\b).*\bmax\(.*\w\s*-\s*\w", r"^\s*\w+\s*=\s*\w+\s*-\s*\w+\s*$"),
    # `if` where `while` was meant (`if c in window:`, or a count above 1: `if counts[c] > 1:`)
    "window-shrinks-once": (r"^\s*if\b.*\bin\b", r"^\s*if\b.*\]\s*(>\s*1|>=\s*2)\s*:"),
    # return [lo, hi], or sorted((lo, hi))
    "two-sum-sorted-positions": r"^\s*return\s*(\w+\(\s*)?[\[(]\s*\w+\s*,\s*\w+\s*[\])]\s*\)?\s*$",
    "memory-fp32": r"\*\s*4\b(?!\.)|(?<![.\w])4\s*\*",  # 4 bytes written where bytes_per_element belongs
    # the angles repeated as a whole (`np.tile(cos, 2)`, `cat([a, a], -1)`, `.repeat(1, 2)`) where each pair's twice
    "rope-angles-tiled": r"\btile\(|\b(cat|concatenate|hstack)\(\s*[\[(]\s*(\w+)\s*,\s*\2\s*[\])]|"
                         r"\.repeat\([^()]*\b2\s*\)",
    # the scores never scaled: the one line that takes q against k transposed with nothing that scales on it
    "no-scale": r"^(?!.*(\bscale\w*\b|\bsqrt\b|\brsqrt\b|\*\*\s*\(?-?0?\.5|/)).*(\bdot\(|@|\bmatmul\(|\bbmm\()"
                r".*(\btrans\(|\.T\b|\.mT\b|\btranspose\(|\bswapaxes\()",
    # the pairs read as the two halves (rotate_half's x[..., :d // 2] and x[..., d // 2:], or chunk(2))
    "rope-rotate-half": r"\[\s*\.\.\.\s*,\s*:\s*[\w.]+\s*//\s*2\s*\]|\.chunk\(\s*2\b",
    # the rotated pairs put back as two halves: stacked on the axis before the pairs, or concatenated
    "rope-output-halves": r"\bstack\(.*\b(dim|axis)\s*=\s*-2\b|\b(cat|concatenate|hstack)\(",
    # a mask's slips are written where the mask is made, which the localisation sees only where it is
    # applied (`future = torch.triu(ones, diagonal=0)`, then `masked_fill(future, -inf)` a line below)
    # (or a mask's rows taken one down, `tri[:, :, 1:T + 1, :T]`: each query gets the next one's row)
    "mask-diagonal": (r"\[[^\]]*(?<![\w.])1\s*:\s*\w+\s*\+\s*1\s*,", _MASK_MADE,
                      # a loop's row hidden from its own index on (`s[i, max(0, i + offset):] = -inf`), no + 1
                      r"^\s*\w+\[\s*(\w+)\s*,(?![^\]]*\+\s*1\s*\)?\s*:)[^\]]*\b\1\b[^\]]*:\s*\]\s*=\s*-"),
    # a chunk's mask aligned top-left: where the mask is made, as above; in loops, the one limit i + 1
    # (`n_visible = i + 1`, `range(i + 1)`, `k[: i + 1]`) where i + 1 + Tk - Tq belongs
    "causal-top-left": (_MASK_MADE, lambda code: _limit_bound(code),
                        r"^\s*\w+\s*=\s*\w+\s*\+\s*1\s*$|\brange\(\s*\w+\s*\+\s*1\s*\)|"
                                    r"\[\s*:\s*\w+\s*\+\s*1\s*[\],]",
                        # a loop's row hiding its future from i + 1 (`scores[i, i + 1:] = -inf`, or a row of its
                        # own, `sc[t + 1:] = -inf`), not start_pos + i + 1
                        r"\[\s*(\w+)\s*,\s*\1\s*\+\s*1\s*:\s*\]\s*=\s*-|^\s*\w+\[\s*\w+\s*\+\s*1\s*:\s*\]\s*=\s*-",
                        # the queries' positions counted from 0 (`rows = arange(Tq)`, `query_pos = arange(T)`), then
                        # compared with the keys'
                        r"^\s*\w+\s*=\s*[\w.]*\barange\(\s*\w*[qQ]\w*\s*[,)]|"
                        r"^\s*\w*(q_|query|queries)\w*\s*=\s*[\w.]*\barange\(\s*\w+\s*[,)]"),
    "causal-wrong-side": _MASK_MADE,  # a kernel's keys compared with its queries the wrong way round
    # a kernel's one masked load whose lanes past the row are not -inf (no `other`, or other=0)
    "softmax-pad-zero": r"\bload\(.*\bmask\s*=(?!.*\bother\s*=\s*(-|float\(\s*\"\"\s*\)))",
    # (or, no finite fill written, a row with no key given uniform weights: np.full_like(row, 1 / len(row)))
    "mask-fill-finite": (r"-\s*(1e\d+|1\.0e\d+|\d{4,})\b|\bfinfo\(",
                         r"\bfull(_like)?\(.*,\s*1(\.0*)?\s*/|\bones(_like)?\([^()]*(\([^()]*\))?[^()]*\)\s*/"),
    # the one call of erf (a helper's def, and np.vectorize(erf), are no call): where its argument is
    "gelu-erf-no-sqrt2": r"^(?!\s*def\b).*(\w*erf\w*\(|\berf\)\s*\()",  # (np.vectorize(erf)(z / 2) too)
    # the one line that applies the sigmoid (or SiLU) to a projection, the gate's place
    "swiglu-gate-swapped": r"^(?!\s*def\b).*\b_*(sigmoid|silu|swish|expit)\(",  # (a helper's `_silu(` too)
    # the sigmoid applied where SiLU belongs: at its call (a helper named sigmoid computes it rightly)
    "swiglu-sigmoid": (r"^(?!\s*def\b).*\b(sigmoid|expit)\(",
                       # or written out where SiLU is defined (`silu = lambda z: 1 / (1 + np.exp(-z))`): no z times it
                       lambda code: _one(code, r"1(\.0*)?\s*/\s*\(\s*1(\.0*)?\s*\+\s*(\w+\.)*exp\(\s*-") if not any(
                           re.search(r"\b(\w+)\s*\*\s*\(?\s*1(\.0*)?\s*/\s*\(\s*1(\.0*)?\s*\+\s*(\w+\.)*"
                                     r"exp\(\s*-\s*\1\b|exp\(\s*-\s*(\w+)\s*\)\s*\)\s*\)?\s*\*\s*\5\b", text)
                           for text in code.values())
                       else None,
                       # or a name bound to a written-out sigmoid (`sig = 1 / (1 + np.exp(gate))`) times up alone
                       lambda code: _sigmoid_times(code)),
    # the activation given the product of gate and up (silu(g * u)): where that call is written
    "swiglu-silu-after-product": r"^(?!\s*def\b).*\b(silu|swish|sigmoid|act\w*|\w*_fn)\(\s*[\w.]+(\([^()]*\))?\s*\*\s*"
                                 r"[\w.]+(\([^()]*\))?\s*\)",
    # a module's hidden width written as 4 * d_model where mlp_ratio belongs (not a default, not a def)
    "mlp-ratio-written": r"^(?!\s*def\b).*((?<![\w.=])4\s*\*\s*[a-z_]|[a-z_)]\s*\*\s*4(?![\w.]))",
    "swiglu-sigmoid-sign": r"1(\.0*)?\s*/\s*\(\s*1(\.0*)?\s*\+\s*(\w+\.)*exp\(\s*[^-\s]",  # 1 / (1 + exp(z))
    # an element stored before its partner is looked up (seen[x] = i above `if target - x in seen:`),
    # else the one membership test
    # (or, in a dict filled first, the one test of a lookup that lets the element find itself)
    "two-sum-same-element": lambda code: _stored_before(code) or _one(code, r"^\s*if\s+[^:]*\bin\s+\w+\s*:\s*$") or
    _one(code, r"^\s*if\s+\w+\s+is\s+not\s+None\s*:\s*$"),
    # a chunk's positions counted from 0 (`pos = np.arange(T)`) in a function given the chunk's start
    # (decode_step's start_pos): the one such line, in a file that has a start to add
    # (or, made inside an expression, the one such arange times the frequencies: np.outer(np.arange(T), freqs))
    # (or the positions counted from 1: `np.arange(1, T + 1)`)
    "rope-position-offset": lambda code: _one(code, r"\b(np|numpy|torch)\.arange\(\s*1(\.0*)?\s*,") or ((
                                          _one(code, r"^\s*\w+\s*=\s*(np|numpy|torch)\.arange\(\s*[\w.\[\]]+\s*"
                                                     r"(,\s*(dtype|device)\s*=\s*[\w.]+\s*)*\)\s*$")
                                          or _one(code, r"\b(np|numpy|torch)\.arange\(\s*[\w.\[\]]+\s*\)"
                                                        r"(\s*\[[^\]]*\])?(\.\w+\([^()]*\))?\s*[*,@]")
                                          # (or a loop's row index times the frequency: `ang = t * 10000.0 ** ...`)
                                          or _one(code, r"^\s*\w+\s*=\s*[a-z]\s*\*\s*[\w.]*\s*(10000|\bbase\b)"))
    if any(re.search(r"\bdef\s+\w+\(.*\bstart\w*", text) for text in code.values()) else None),
    # a guard that tests for NaN where the max is -inf, else (no guard) the softmax call that makes the
    # NaN (a softmax written out takes three lines, the max, the exp and the sum: none is the one)
    # (or written out, the one division by the row sums: `P = P / P.sum(-1, keepdims=True)`, `acc / l[..., None]`)
    # (a guard on the max, `np.nan_to_num(s.max(-1))` or `nan_to_num(row_max)`, is right: the NaN comes from the
    # division below it)
    # (or a row's max copied bare, `m0 = m`, where the guard `where(isfinite(m), m, 0)` belongs)
    "masked-row-nan": (lambda code: _max_copied(code),
                       # a fully masked row's max guarded as NaN (`where(isnan(m), 0, m)`): it is -inf there
                       r"\bisnan\(\s*[\w.]*(max|amax|peak|top)\w*\s*\)",
                       r"^(?!.*(\b|_)(max|amax|maximum)\b)(.*\bisnan\(|.*\bnan_to_num\b|.*\bwhere\(.*\.any\(|"
                       r".*\bwhere\(\s*[\w.]*isinf\()", r"\bsoftmax\(",
                       r"\bexp\(\s*\w+\s*-\s*\w*(lse|logsumexp)\w*\s*\)",  # exp(S - lse), lse -inf on such a row
                       r"^\s*(\w+\s*=|return)\s*\w+\s*/\s*\w+(\.sum\(.*\)|\[[^\]]*\])\s*$",
                       lambda code: _divided_by_sum(code)),  # P = E / Z, Z a sum assigned above
    # the scores divided by d itself, no root on the line (scale = 1.0 / d, s / q.shape[-1])
    "scale-d": (r"^(?!.*\b(r?sqrt)\()(?!.*\*\*\s*\(?\s*-?\s*0?\.5).*/\s*\(?\s*((\w+\.)?(d|dk|d_k|d_head|head_dim|dim|"
                r"head_size|hd|D)\b|[\w.]+\.shape\[-1\])(?!\s*(\*\*|\[|\())",
                r"\*\s*[\w.\[\]-]+\s*\*\*\s*-\s*1\b(?!\.\d)"),  # s * q.shape[-1] ** -1
    # the one exp of a bare name, where the max belongs; a name copied a line above (z = x) is the place
    "no-max-subtraction": lambda code: _exp_of_name(code),
    "swiglu-gelu": r"^(?!\s*def\b).*\bgelu\(",  # GELU's one call, the gate's place
    # the output projection stored (self.w_o, ..., = ...) and never read: the one return that merges the heads
    "no-output-projection": lambda code: _projection_unread(code),
    # a scale or a shift never read past the signature and its checks: the one return, where it belongs
    "rms-no-gamma": lambda code: _term_unread(code, ("gamma", "weight", "g", "w")),
    "ln-no-gamma": lambda code: _term_unread(code, ("gamma", "weight", "g", "w")),
    "ln-no-beta": lambda code: _term_unread(code, ("beta", "bias", "b")),
    # the one difference of positions with no abs(): broadcast (`pos[:, None] - pos[None, :]`), else a loop's `i - j`
    "alibi-signed-distance": (r"^(?!.*\b(abs|absolute|clamp|clip|maximum)\b)(?=.*\[\s*:\s*,\s*None\s*\]).*\S\s*-\s*\S",
                              r"^(?!.*\b(abs|absolute|clamp|clip|maximum)\b).*\b(i|q|qi|row)\s*-\s*(j|k|kj|col)\b"),
    "mlp-relu": r"^(?!\s*def\b).*\b(relu|ReLU)\(",  # the one ReLU, where GELU belongs
}

# slips whose line of form is said in place of a localised one: their form is where they are written
# (a localised line may be a later one the values pass through: the masked_fill below `/ sqrt(C)`)
PREFERRED = {"mask-diagonal", "causal-top-left", "mask-fill-finite", "masked-row-nan", "scale-d-model", "mask-ignored",
             "rope-output-halves", "swiglu-sigmoid", "rope-position-offset",
             "swiglu-silu-after-product", "alibi-distance-clamped", "flops-no-factor-2",
             "rms-multiplies", "swiglu-gate-swapped"}

# a localised comparator's words -> the catalogued slip whose form line holds that step's slip
LOCALISED_AS = {"GELU's erf takes x / sqrt(2)": "gelu-erf-no-sqrt2", "GELU's tanh approximation": "gelu-tanh"}

# public slip id -> a form whose presence in the code rules the slip out (slip_code.ruled_out)
RULED_OUT = {
    # the KV heads' count multiplied in: the heads cached are the KV heads (n_heads / n_kv_heads too large
    # comes from elsewhere, a d_head taken as d_model / n_kv_heads)
    "kv-mha": r"(\bn_kv\w*|\[\s*['\"]n_kv_heads['\"]\s*\])\s*\*|"
              r"\*\s*(\w*n_kv\w*\b(?!\s*\])|\w+\[\s*['\"]n_kv_heads['\"]\s*\])|"
              # (or one size of a shape whose product is taken: `prod((L, B, cfg["n_kv_heads"], T, d))`)
              r"[(,]\s*(\w*n_kv\w*\b(?!\s*\])|\w+\[\s*['\"]n_kv_heads['\"]\s*\])\s*[,)]",
    # exp of a difference (exp(s - m)): a max is subtracted, whatever else is wrong (a NaN row left by a guard)
    "no-max-subtraction": r"\bexp2?\(\s*[\w.\[\]]+\s*-\s*[\w.]",
    # the first sequence's mask applied to every one (`scores[:, ~memory_mask[0]] = -np.inf`): the mask is applied,
    # not "never applied", though the values match that where the first sequence has no padding
    "mask-ignored": r"\[.*mask\w*\[\s*0\s*\].*\]\s*=\s*-|\b(masked_fill_?|where)\(\s*~?\s*[\w.]*mask\w*\[\s*0\s*\]",
    # a window's length written (end - start + 1, max(best, i - left)): a sliding window, not the distinct
    # characters counted (holdout15's longest-substring/learner_01, whose one failing answer was their count)
    "distinct-characters": r"\w\s*-\s*[\w.]+\s*\+\s*1\b|\bmax\([^)]*\w\s*-\s*[\w.]+",
}

# a form elsewhere in the file that makes the line ambiguous: heads split by a 4-axis reshape with no
# transpose are that slip too, and the split comes first (a merge's reshape is then its echo)
UNLESS = {
    # a tl.where that fills the masked lanes with 0 after the load: that is where they are zeroed (the load's
    # `other` is overwritten), which the kernel's localisation says at its own line
    "softmax-pad-zero": r"\bwhere\(.*,\s*0(\.0*)?\s*\)",
    # (not one whose name the next line transposes: `r = t.view(B, T, h, e)`, then `return r.transpose(1, 2)`)
    "heads-no-transpose": lambda code: _split_untransposed(code),
}


def _split_untransposed(code: dict[int, str]) -> bool:
    """A 4-axis reshape with no transpose on its line, nor on the next line's reading of the name it binds."""
    split = r"^(?!.*\b(transpose|permute|swapaxes|moveaxis|rearrange)\b).*" \
            r"\.(reshape|view)\(\s*[\w.]+\s*,\s*[\w.]+\s*,\s*[\w.]+\s*,\s*[\w.*]+\s*\)"
    for n, text in code.items():
        if not re.search(split, text):
            continue
        bound = re.match(r"^\s*(\w+)\s*=", text)
        after = code.get(n + 1, "")
        if not (bound and re.search(rf"\b{bound.group(1)}\b.*\b(transpose|permute|swapaxes|moveaxis)\b|"
                                    rf"\b(transpose|permute|swapaxes|moveaxis)\w*\(\s*{bound.group(1)}\b", after)):
            return True
    return False


def ruled_out(slip: str, source: str | None) -> bool:
    """Whether the file's code has what the slip lacks (RULED_OUT: a max subtracted inside exp)."""
    unless = RULED_OUT.get(public(slip))
    if not unless or not source:
        return False
    code = _code_lines(source, keys=True)
    if any(re.search(unless, text) for text in code.values()):
        return True
    # (or a name bound to the read alone, multiplied: `kv_heads = config["n_kv_heads"]`, then `... * kv_heads`)
    bound = {m.group(1) for text in code.values() for m in [re.match(r"^\s*(\w+)\s*=\s*([\w.\[\]'\"]+)\s*$", text)]
             if m and re.search(unless, m.group(2) + " *")}
    return any(re.search(rf"\*\s*{name}\b|\b{name}\s*\*", text) for name in bound for text in code.values())


def _code_lines(source: str, keys: bool = False) -> dict[int, str]:
    """Each line's code without its comment or string literals (a docstring's `sqrt` is no code); `keys`:
    a key read by subscript kept (config["n_kv_heads"] is code)."""
    import io
    import tokenize

    out: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                            tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            out.add(tok.start[0])
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return {}
    lines = source.splitlines()
    return {n: _blanked(lines[n - 1], keys) for n in out if n <= len(lines)}  # lines that hold a token of code


def _blanked(line: str, keys: bool = False) -> str:
    line = re.sub(r"(['\"]).*?\1", lambda m: m.group(0) if keys and line[:m.start()].rstrip().endswith("[")
                  else '""', line)
    return line.split("#")[0].rstrip()


def _one(code: dict, form: str) -> int | None:
    hits = [n for n, text in code.items() if re.search(form, text)]
    return hits[0] if len(hits) == 1 else None


def _root_plus_eps(code: dict) -> int | None:
    """eps added to a root: in one expression (`sqrt(var) + eps`), else the one line that adds eps to
    a name a root or a norm was assigned to (`rms = vector_norm(x) / sqrt(d)`, then `rms + eps`)."""
    said = _one(code, r"\b(sqrt|std)\((?:[^()]|\([^()]*\))*\)\s*\+\s*[\w.]*(\(\s*)?[\w.]*eps")
    if said is not None:
        return said
    roots = {m.group(1) for text in code.values()
             for m in [re.match(r"^\s*(\w+)\s*=.*\b(sqrt|std|norm|vector_norm)\(", text)] if m}
    return _one(code, rf"\b({'|'.join(map(re.escape, roots))})\s*\+\s*[\w.]*eps\b") if roots else None


def _divided_by_sum(code: dict) -> int | None:
    """The one line that divides by a name assigned a sum (`Z = np.sum(E, ...)`, then `P = E / Z`)."""
    # the name is the sum itself (not a running sum updated in a loop: l = alpha * l + p.sum(-1), where the
    # NaN of a row with no key comes from exp(-inf + inf) before any division)
    sums = {m.group(1) for text in code.values() for m in [re.match(r"^\s*(\w+)\s*=\s*[\w.]*\bsum\(", text)] if m}
    return _one(code, rf"^\s*(\w+\s*=|return)\s*\w+\s*/\s*({'|'.join(map(re.escape, sums))})"
                      rf"(\.astype\([^()]*\))?\s*$") if sums else None


def _made_afresh(code: dict) -> int | None:
    """The one line that makes positions 0..T-1 into a name that is not a parameter, else the one line that
    binds a name to a row loop's index (`for t in range(T):`, then `m = float(t)`)."""
    params = {p.strip().split("=")[0].split(":")[0].strip() for text in code.values()
              for m in [re.match(r"^\s*def\s+\w+\((.*)\)", text)] if m for p in m.group(1).split(",")}
    made = [n for n, text in code.items() for m in [re.match(
        r"^\s*(\w+)\s*=\s*(np|numpy|torch)\.arange\(\s*[\w.\[\]]+\s*(,\s*(dtype|device)\s*=[^()]*(\([^()]*\))?)*\)\s*$",
        text)] if m and m.group(1) not in params]
    if made:
        return made[0] if len(made) == 1 else None
    rows = {m.group(1) for text in code.values() for m in [re.match(r"^\s*for\s+(\w+)\s+in\s+range\(", text)] if m}
    if not rows:
        return None
    # (or the row's index handed to a helper as the position: `angle(time_index, pair, d)`)
    return _one(code, rf"^\s*\w+\s*=\s*(float\(\s*)?({'|'.join(rows)})\s*\)?\s*$") or \
        _one(code, rf"\b(?!range\b)\w+\(\s*({'|'.join(rows)})\s*,")


def _projection_unread(code: dict) -> int | None:
    """Where the output projection belongs when the file holds it and never reads it: the weights, an
    object's attribute (self.w_o), named on one line only (their binding), and one return that merges
    the heads (`merge(`, a reshape or view)."""
    for name in ("w_o", "wo", "W_o", "w_out", "o_proj", "out_proj", "c_proj", "proj"):
        held = [n for n, text in code.items() if re.search(rf"\bself\.{name}\b", text)]
        if len(held) == 1 and re.search(rf"\bself\.{name}\b.*=(?!=)", code[held[0]]):
            return _one(code, r"^\s*return\b.*\bmerge\w*\(") or _one(code, r"^\s*return\b.*\.(reshape|view)\(") \
                or _one(code, r"^\s*return\b.*\b(cat|concatenate)\(")  # (the heads' outputs concatenated)
    return None


def _term_unread(code: dict, names: tuple) -> int | None:
    """Where a parameter the file never reads belongs (gamma, only in `def rms_norm(x, gamma, eps)` and a check of
    its shape): the one return of the file."""
    for name in names:
        if not any(re.match(rf"^\s*def\b.*\b{name}\b", text) for text in code.values()):
            continue
        read = [n for n, text in code.items() if not re.match(r"^\s*(def|assert|raise)\b", text) and
                re.search(rf"\b{name}\b(?!\s*\.\s*(shape|ndim|dtype|device|size)\b)", text)]
        return None if read else _one(code, r"^\s*return\b")
    return None


def _loop_end_fixed(code: dict) -> int | None:
    """The one line inside a `for i in range(...)` loop that binds a name, read as a slice's end
    (`[:, :m]`), to a sum that never reads the loop's index (`m = p + t`: every query sees every key)."""
    hits = []
    for n, text in code.items():
        bound = re.match(r"^(\s*)(\w+)\s*=\s*([^=].*\+.*)$", text)
        if not bound:
            continue
        depth = len(bound.group(1))
        loop = next((re.match(r"^(\s*)for\s+(\w+)\s+in\s+range\(", code[k]) for k in sorted(code, reverse=True)
                     if k < n and len(code[k]) - len(code[k].lstrip()) < depth and code[k].strip()), None)
        name, value = bound.group(2), bound.group(3)
        if loop is None or re.search(rf"\b{loop.group(2)}\b", value):
            continue
        if any(re.search(rf":\s*{name}\s*\]", code[k]) for k in code if k > n):
            hits.append(n)
    return hits[0] if len(hits) == 1 else None


# -inf filled where a name holds (`masked_fill(pad[:, None], -inf)`; a string is blanked: float("-inf") reads float(""))
_FILLED = r"\b(masked_fill|where)\(\s*(\w+)(\[[^\]]*\])?\s*,\s*(float\(\s*\"\"\s*\)|-\s*((np|torch|math)\.)?inf)"


def _mask_bound(code: dict) -> int | None:
    """The one line that fills -inf where a name holds (`masked_fill(pad[:, None], -inf)`), that name bound on
    one line above from a given mask as it is (`pad = memory_mask.bool()`, no ~, not, == 0): the binding."""
    fills = [m.group(2) for text in code.values() for m in [re.search(_FILLED, text)] if m]
    # (a name that says what may be seen, `allowed = mask.expand(...)`, is bound right: the fill is wrong)
    if len(fills) != 1 or "mask" in fills[0] or re.search(r"(?i)allow|keep|visible|attend|valid|^ok$", fills[0]):
        return None
    return _one(code, rf"^\s*{re.escape(fills[0])}\s*=(?!.*(~|\bnot\b|logical_not|==\s*(0|False))).*\w*mask\w*")


def _made_mask_filled(code: dict) -> int | None:
    """The one line that fills -inf where a name holds, that name made on one line above by the file's own
    comparison or triangle (`future = arange(T)[None, :] < arange(T)[:, None]`): where it is made, which holds
    the region's slip (the fill is as a hiding mask's should be)."""
    fills = [(n, m.group(2)) for n, text in code.items() for m in [re.search(_FILLED, text)] if m]
    if len(fills) != 1:
        return None
    at, name = fills[0]
    made = [n for n, text in code.items() if n < at and re.search(rf"^\s*{re.escape(name)}\s*=", text)]
    return made[-1] if made and re.search(_MASK_MADE, code[made[-1]]) else None


def _root_of_head_width(code: dict) -> int | None:
    """The one line with a square root (_SQRT); where it takes the root of a name for the head's width
    (d_head, head_dim, dh, ...) bound on one line, that binding (`d_head = x.shape[-1]`)."""
    line = _one(code, _SQRT)
    if line is None:
        return None
    named = re.search(r"\b(?:r?sqrt)\(\s*(d_head|head_dim|dh|d_k|dk|hd|head_size)\s*\)|"
                      r"\b(d_head|head_dim|dh|d_k|dk|hd|head_size)\s*\*\*\s*\(?\s*-?\s*0?\.5", code[line])
    name = named and (named.group(1) or named.group(2))
    bound = _one(code, rf"^\s*{name}\s*=") if name else None
    return bound if bound is not None and bound < line else line


def _called_twice(code: dict, form: str) -> int | None:
    """The second line that calls the one attribute of `form` called on two lines (self.ln_1 before the MLP)."""
    calls: dict[str, list[int]] = {}
    for n, text in sorted(code.items()):
        for m in re.finditer(form, text):
            calls.setdefault(m.group(1), []).append(n)
    twice = [lines for lines in calls.values() if len(set(lines)) == 2]
    return sorted(set(twice[0]))[1] if len(twice) == 1 else None


def _returned_alone(code: dict, form: str) -> int | None:
    """The one `return name` whose name was assigned, on one line, a call of `form` with no sum (no residual)."""
    made = {m.group(1): n for n, text in code.items()
            for m in [re.match(r"^\s*(\w+)\s*=\s*(?!.*\+)(.*)$", text)] if m and re.search(form, m.group(2))}
    returns = [(n, m.group(1)) for n, text in code.items() for m in [re.match(r"^\s*return\s+(\w+)\s*$", text)]
               if m and m.group(1) in made and made[m.group(1)] < n]
    if len(returns) != 1:
        return None
    line, name = returns[0]
    # the stream itself overwritten (x = self.mlp(self.ln_2(x)), then return x): the residual belongs there; a
    # name made for the MLP's output alone (ff = ...; return ff): at the return
    stream = any(re.match(rf"^\s*{name}\s*=", text) for n, text in code.items() if n != made[name]) or \
        any(re.search(rf"\bdef\s+\w+\(.*\b{name}\b", text) for text in code.values())
    return made[name] if stream else line


def _limit_bound(code: dict) -> int | None:
    """A loop's limit i + 1 (`range(last + 1)`, `[:last + 1]`) read from a name bound once to a bare loop
    variable (`last = t`, where start_pos + t belongs): that binding's line."""
    used = {m.group(1) for text in code.values()
            for m in re.finditer(r"(?:\brange\(|\[\s*:)\s*(\w+)\s*\+\s*1\b", text)}
    bound = [(n, m.group(1)) for n, text in code.items() for m in [re.match(r"^\s*(\w+)\s*=\s*\w+\s*$", text)]
             if m and m.group(1) in used]
    names = [b for _, b in bound]
    hits = [n for n, b in bound if names.count(b) == 1]
    return hits[0] if len(hits) == 1 else None


def _max_copied(code: dict) -> int | None:
    """The one line that binds a name to another bound to a row's max, as it is (`v11 = v10`)."""
    maxes = {m.group(1) for text in code.values()  # (a row's max itself, not a running one's maximum(m, ...))
             for m in [re.match(r"^\s*(\w+)\s*=\s*((np|numpy|torch|tl)\.(max|amax)\(|\w+\.max\()", text)] if m}
    hits = [n for n, text in code.items() for m in [re.match(r"^\s*(\w+)\s*=\s*(\w+)\s*$", text)]
            if m and m.group(2) in maxes]
    return hits[0] if len(hits) == 1 else None


def _never_added(code: dict, form: str) -> int | None:
    """The one line that binds a name to a call of `form` with no sum, where no later line adds that name."""
    hits = [n for n, text in code.items() for m in [re.match(r"^\s*(\w+)\s*=\s*(?!.*\+)(.*)$", text)]
            if m and re.match(form, m.group(2)) and not any(
                re.search(rf"\b{m.group(1)}\s*\+|\+\s*{m.group(1)}\b", later) for k, later in code.items() if k > n)]
    return hits[0] if len(hits) == 1 else None


def _stream_replaced(code: dict, form: str) -> int | None:
    """The one line that sets a returned stream to a bare name (`x = h`, then `return x`) after a call of
    `form` (the MLP's layers, `h = self.fc(h)`, ...): the residual belongs there."""
    returned = {m.group(1) for text in code.values() for m in [re.match(r"^\s*return\s+(\w+)\s*$", text)] if m}
    called = [n for n, text in code.items() if re.search(form, text)]
    hits = [n for n, text in code.items() for m in [re.match(r"^\s*(\w+)\s*=\s*(\w+)\s*$", text)]
            if m and m.group(1) in returned and m.group(1) != m.group(2) and any(c < n for c in called)]
    return hits[0] if len(hits) == 1 else None


def _exp_of_name(code: dict) -> int | None:
    """The one line that takes exp of a bare name (`e = tl.exp(z)`), or the one line above it that binds
    that name to another bare name (`z = x`, where `z = x - tl.max(x, 0)` belongs)."""
    hits = [(n, m.group(1) or m.group(2)) for n, text in code.items()
            for m in [re.search(r"\bexp2?\(\s*([\w.]+)\s*\)|\b(\w+)\.exp\(\s*\)", text)] if m]
    if len(hits) != 1:
        return None
    line, name = hits[0]
    copies = [n for n, text in code.items() if n < line and re.match(rf"^\s*{re.escape(name)}\s*=\s*\w+\s*$", text)]
    return copies[-1] if len(copies) == 1 else line


_SLOPE = r"(?<![\w.])(2|0\.5)(\.0*)?\s*\*\*|\b(pow|power|exp2)\("


def _slope_line(code: dict) -> int | None:
    """The one line that raises 2 to a power, or, where its exponent is a bare name (`exp2(log2_slopes)`),
    the one line above it that binds that name (`log2_slopes = -8.0 * heads / n`)."""
    line = _one(code, _SLOPE)
    if line is None:
        return None
    bare = re.search(r"(?:\*\*\s*\(?|\bexp2\(|\bpow(?:er)?\(\s*[\d.]+\s*,)\s*(\w+)\s*\)?\s*(?:[,)]|$)",
                     code[line])
    if not bare:
        return line
    binds = [n for n, text in code.items() if n < line and re.match(rf"^\s*{bare.group(1)}\s*=", text)]
    return binds[-1] if len(binds) == 1 else line


def _unused_sibling(code: dict) -> int | None:
    """The one line that reads a name whose twin (the same expression, `macs_av = B * H * T * T * D` beside
    `macs_qk = ...`, or the same prefix on the next line) is made and never read."""
    made = {m.group(1): (n, m.group(2).strip()) for n, text in code.items()
            for m in [re.match(r"^\s*(\w+)\s*=\s*(.+)$", text)] if m}
    def reads(name):
        return [n for n, text in code.items() if re.search(rf"\b{name}\b", text) and n != made[name][0]]
    hits = []
    for name, (line, expr) in made.items():
        if reads(name):
            continue
        twins = [o for o, (k, e) in made.items() if o != name and reads(o) and
                 (e == expr or abs(k - line) == 1 and o.split("_")[0] == name.split("_")[0])]
        hits += [n for o in twins for n in reads(o)]
    return hits[0] if len(set(hits)) == 1 else None


def _quotient_unread(code: dict) -> int | None:
    """The one line that stores or returns `e` where `y = e / ...` was made from it and is never read."""
    made = [(n, m.group(1), m.group(2)) for n, text in code.items()
            for m in [re.match(r"^\s*(\w+)\s*=\s*(\w+)\s*/", text)] if m]
    hits = []
    for n, quotient, e in made:
        if any(re.search(rf"\b{quotient}\b", text) for k, text in code.items() if k != n):
            continue  # the quotient is read
        hits += [k for k, text in code.items() if k > n and re.search(
            rf"(\bstore\(.*,\s*{e}\s*[,)]|^\s*return\s+{e}\s*$)", text)]
    return hits[0] if len(hits) == 1 else None


def _macs_returned(code: dict) -> int | None:
    """The return line of the one helper that returns a product of three or more names (`return m * k * n`,
    or Go's `return m * k * n, None`) and is called twice or more, in a file that writes no factor 2."""
    if any(re.search(r"(?<![\w.])2(\.0*)?\s*\*|\*\s*2(\.0*)?(?![\w.])", text) for text in code.values()):
        return None
    hits, lines = [], sorted(code)
    for n in lines:
        m = re.match(r"^\s*def\s+(\w+)\s*\(", code[n])
        if not m:
            continue
        indent = len(code[n]) - len(code[n].lstrip())  # the body: the lines indented deeper than the def
        body = [k for k in lines if k > n]
        body = body[:next((i for i, k in enumerate(body) if len(code[k]) - len(code[k].lstrip()) <= indent),
                          len(body))]
        returns = [k for k in body if re.match(r"^\s*return\b", code[k])]
        calls = [k for k in lines if k not in (n, *body) and re.search(rf"\b{m.group(1)}\(", code[k])]
        if len(returns) == 1 and len(calls) >= 2 and \
                re.match(r"^\s*return\s+\w+(\s*\*\s*\w+){2,}\s*(,\s*None\s*)?$", code[returns[0]]):
            hits.append(returns[0])
    return hits[0] if len(hits) == 1 else None


def _affine_swapped(code: dict) -> int | None:
    """The one line that multiplies by beta and adds gamma (or names bound to them: `B = reshape(beta)`)."""
    def names(word):
        return {word} | {m.group(1) for text in code.values()
                         for m in [re.match(rf"^\s*(\w+)\s*=.*\b{word}\b", text)] if m}
    b, g = "|".join(map(re.escape, names("beta"))), "|".join(map(re.escape, names("gamma")))
    return _one(code, rf"\*\s*[\w.]*\b({b})\b.*\+\s*[\w.]*\b({g})\b|\b({g})\b\s*\+.*\*\s*[\w.]*\b({b})\b")


def _max_of_exponentials(code: dict) -> int | None:
    """The one line that takes the max of a name bound to exponentials (`e = tl.exp(x)`, then `s = tl.max(e)`)."""
    exps = {m.group(1) for text in code.values() for m in [re.match(r"^\s*(\w+)\s*=.*\bexp2?\(", text)] if m}
    return _one(code, rf"\b(max|amax)\(\s*({'|'.join(map(re.escape, exps))})\b") if exps else None


def _sigmoid_times(code: dict) -> int | None:
    """The one line that multiplies a name bound to a written-out sigmoid (`sig = 1.0 / (1.0 + np.exp(gate))`)."""
    sig = {m.group(1) for text in code.values()
           for m in [re.match(r"^\s*(\w+)\s*=\s*1(\.0*)?\s*/\s*\(\s*1(\.0*)?\s*\+\s*(\w+\.)*exp\(", text)] if m}
    names = "|".join(map(re.escape, sig))
    return _one(code, rf"\b({names})\s*\*\s*\w|\w\s*\*\s*({names})\b") if sig else None


def _found_at_all(code: dict) -> int | None:
    """The one `if last >= 0:` (a lookup found at all) whose next line sets a start from it (`start = last + 1`):
    where `last >= start`, found inside the window, belongs."""
    lines = sorted(code)
    # (or `!= -1`, `!= NOT_SEEN`, `is not None`, of the lookup itself: `last[c]`, `self.last[ch]`; not `if c in last:`,
    # whose line the corpora's manifests give as often as the start's)
    found = r"^\s*if\s+([\w.]+(?:\[[^\]]+\])?)\s*(>=\s*0|>\s*-\s*1|!=\s*-\s*1|!=\s*[A-Z_]+|is\s+not\s+None)\s*:\s*$"
    hits = [n for i, n in enumerate(lines[:-1]) for m in [re.match(found, code[n])]
            if m and re.match(rf"^\s*[\w.]+\s*=\s*{re.escape(m.group(1))}\s*\+\s*1\s*$", code[lines[i + 1]])]
    return hits[0] if len(hits) == 1 else None


def _stored_before(code: dict) -> int | None:
    """The one dict store (`seen[x] = i`) on the line just above the one membership test."""
    test = _one(code, r"^\s*if\s+[^:]*\bin\s+\w+\s*:\s*$")
    stores = [n for n, text in code.items() if re.search(r"^\s*\w+\[[^\]]+\]\s*=\s*\w+\s*$", text)]
    above = [n for n in stores if test is not None and n < test]
    return above[-1] if len(stores) == 1 and above and not any(
        code.get(k, "").strip() for k in range(above[-1] + 1, test)) else None


def _in_helper(slip: str, source: str | None, line: int | None) -> bool:
    """Whether the slip's one form line is inside a function the line calls (the values leave the
    reference at the call, `_distances(T)`, the slip is in the helper's body, `.clamp(min=0)`), or
    binds a name the line reads."""
    import ast

    form = line_of(slip, source) if line and slip else None
    if form is None or form == line:
        return False
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.lineno <= line <= n.end_lineno}
    # (or handed on by name to what the line calls: `map(column, range(d))`, `reduce(step, ...)`)
    called |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
               and n.lineno == line}
    # (a class called is its forward: `_RMSScale(gamma, eps)(x)`; and what that calls in turn, the classes its
    # methods make, `self.merge = MergeHeads()`, and the functions they call by name)
    defs = {f.name: f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.ClassDef))}
    reached, todo = set(), [c for c in called if c in defs]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        todo += [n.func.id for n in ast.walk(defs[name]) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                 and n.func.id in defs and n.func.id not in reached]
    if any(defs[f].lineno < form <= defs[f].end_lineno for f in reached):
        return True
    # or a name the line reads, bound once above on the form's line (`scale = 1.0 / d`, then `s * scale`)
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            and n.lineno == line}
    bound = [t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno == form < line
             for t in n.targets if isinstance(t, ast.Name)]
    return any(sum(isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == b for n in ast.walk(tree))
               == 1 for b in bound if b in read)


def line_of(slip: str, source: str | None) -> int | None:
    """The one line of `source` whose code has the slip's form, else None."""
    pattern = SLIP_CODE.get(public(slip))
    if pattern is None or not source:
        return None
    code = _code_lines(source)
    unless = UNLESS.get(public(slip))
    if unless and (unless(code) if callable(unless) else any(re.search(unless, text) for text in code.values())):
        return None
    if callable(pattern):
        return pattern(code)
    for form in (pattern,) if isinstance(pattern, str) else pattern:
        if callable(form):  # a function among the forms: its line, or on to the next form
            found = form(code)
            if found is not None:
                return found
            continue
        hits = [n for n, text in code.items() if re.search(form, text)]
        if hits:
            return hits[0] if len(hits) == 1 else None
    return None


ASKED = "(a value written in the code instead of the argument?)"  # localise._ignored_argument's words


def default_written(param: str, source: str | None) -> int | None:
    """An argument the code does not use (its outputs are the reference's at the default): the one
    line of the function that declares it whose code writes its default as a number (`10000.0 **`
    in a body whose def says base=10000.0), else None."""
    import ast

    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return None
    def number(node) -> bool:
        return isinstance(node, ast.Constant) and not isinstance(node.value, bool) and \
            isinstance(node.value, (int, float))

    # names the module binds to a number (FP16_BYTES = 2): a function that reads one writes that number
    constants = {t.id: stmt.value.value for stmt in tree.body if isinstance(stmt, ast.Assign) and number(stmt.value)
                 for t in stmt.targets if isinstance(t, ast.Name)}
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]

    def default(fn):
        defaults = dict(zip([a.arg for a in fn.args.args][len(fn.args.args) - len(fn.args.defaults):],
                            fn.args.defaults))
        defaults.update({a.arg: d for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults) if d is not None})
        return defaults.get(param)

    given = next((default(fn) for fn in functions if number(default(fn))), None)
    hits = set()
    for fn in functions:
        args = fn.args.args + fn.args.kwonlyargs
        # (or a helper it is passed on to, which never reads it: `_angles(T, d, positions, base)` writing 10000.0)
        value = default(fn) if default(fn) is not None else given if not any(
            isinstance(n, ast.Name) and n.id == param for n in ast.walk(fn)) else None
        if param not in {a.arg for a in args} or not number(value) or value.value == 0:
            continue
        # a small integer written as itself is any factor (the 2 of 2 * flops): only a name holds it
        literal = isinstance(value.value, float) or abs(value.value) >= 100
        for node in (n for stmt in fn.body for n in ast.walk(stmt)):
            if literal and number(node) and node.value == value.value or \
                    isinstance(node, ast.Name) and node.id in constants and constants[node.id] == value.value:
                hits.add(node.lineno)
    return hits.pop() if len(hits) == 1 else None


def never_read(param: str, source: str | None) -> int | None:
    """The one statement of the function declaring `param` (with a default) that calls something, where
    the function's body never reads `param`: the call that was to be given it (`AttentionCost()(...)`)."""
    import ast

    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return None
    found = set()
    for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        if param not in [a.arg for a in fn.args.args][len(fn.args.args) - len(fn.args.defaults):]:
            continue
        if any(isinstance(n, ast.Name) and n.id == param for n in ast.walk(fn) if n is not fn):
            continue
        calls = [stmt for stmt in fn.body if any(isinstance(n, ast.Call) for n in ast.walk(stmt))]
        # of several, the one that reads the parameter declared before it (batch beside tokens in the product)
        names = [a.arg for a in fn.args.args]
        before = names[names.index(param) - 1] if names.index(param) > 0 else None
        beside = [stmt for stmt in calls if any(isinstance(n, ast.Name) and n.id == before for n in ast.walk(stmt))]
        # (or the one statement of any kind that reads it: `if (n := tokens) <= 0:`, the count batch belongs in)
        reading = [stmt for stmt in fn.body if any(isinstance(n, ast.Name) and n.id == before for n in ast.walk(stmt))]
        found |= {stmt.lineno for stmt in (beside if len(calls) > 1 and len(beside) == 1 else
                                           reading if len(reading) == 1 and calls and not beside else calls)}
    return found.pop() if len(found) == 1 else None


def _held(named: list[dict], d: dict) -> set:
    """The lines another cause is said at; not a crash's (where it raised may be the slip's own line:
    `x / (np.sqrt(var) + eps)` raising on the var a line above left without keepdims)."""
    return {e.get("line") for e in named if e is not d and e.get("line") and e.get("mistake") != "raised"}


def mask_made(source: str | None, line: int) -> int | None:
    """Where line `line` applies a mask held in a name (`s.masked_fill(~allowed, -inf)`,
    `np.where(keep, s, -inf)`), the one line before it that binds that name; else None."""
    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return None
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno == line
             and isinstance(n.func, ast.Attribute) and n.func.attr in ("masked_fill", "masked_fill_", "where")]
    # or added to the scores (`scores = scores + mask`, `scores += mask`, the mask holding -inf)
    added = [n.value.right if isinstance(n, ast.Assign) else n.value for n in ast.walk(tree)
             if getattr(n, "lineno", None) == line and (isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) or
                                      isinstance(n, ast.Assign) and isinstance(n.value, ast.BinOp)
                                      and isinstance(n.value.op, ast.Add))]
    if len(calls) == 1 and calls[0].args:
        mask = calls[0].args[0]
    elif not calls and len(added) == 1:
        mask = added[0]
    else:
        return None
    while isinstance(mask, ast.UnaryOp) and isinstance(mask.op, (ast.Invert, ast.Not)):
        mask = mask.operand
    while isinstance(mask, ast.Subscript):  # self.causal[:, :, :T, :T]
        mask = mask.value
    if isinstance(mask, ast.Attribute) and isinstance(mask.value, ast.Name) and mask.value.id == "self":
        return _buffer_made(tree, mask.attr)
    if not isinstance(mask, ast.Name):
        return None
    bound = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < line
             and any(isinstance(t, ast.Name) and t.id == mask.id for t in n.targets)]
    # the last binding before it gives the mask its region (`mask = torch.full(...)`, then `mask = triu(mask, 1)`)
    return bound[-1] if bound else None


def _copied_bare(source: str | None, line: int) -> int | None:
    """The one later line that binds another name to the name `line` binds, bare (`hidden = phi`), where
    that name is read nowhere else: the place an operation was meant (`hidden = pre * phi`)."""
    code = _code_lines(source or "")
    bound = re.match(r"^\s*(\w+)\s*=", code.get(line, ""))
    if not bound:
        return None
    name = bound.group(1)
    reads = [n for n, text in code.items() if n > line and re.search(rf"\b{name}\b", text)]
    copies = [n for n in reads if re.match(rf"^\s*(?!{name}\b)\w+\s*=\s*{name}\s*$", code[n])]
    return copies[0] if len(copies) == 1 and reads == copies else None


def _exchanged_unpack(source: str | None, line: int) -> tuple[int, str, str] | None:
    """Where line `line` multiplies `a @ b.transpose(-2, -1)` (or b.mT, b.T), the one line above that unpacks b
    before a in one tuple (`k, q, v = qkv.split(C, dim=2)`): the scores come out transposed from there."""
    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return None
    pairs = []
    for n in ast.walk(tree):
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) and n.lineno == line and \
                isinstance(n.left, ast.Name):
            right = n.right.func.value if isinstance(n.right, ast.Call) and isinstance(n.right.func, ast.Attribute) \
                and n.right.func.attr in ("transpose", "swapaxes") else \
                n.right.value if isinstance(n.right, ast.Attribute) and n.right.attr in ("T", "mT") else None
            if isinstance(right, ast.Name):
                pairs.append((n.left.id, right.id))
    if len(pairs) != 1:
        return None
    a, b = pairs[0]
    found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < line and len(n.targets) == 1
             and isinstance(n.targets[0], ast.Tuple)
             and [e.id for e in n.targets[0].elts if isinstance(e, ast.Name) and e.id in (a, b)] == [b, a]]
    return (found[0], a, b) if len(found) == 1 else None


def _buffer_made(tree, attr: str) -> int | None:
    """Where a module's mask `self.<attr>` is made: its register_buffer or assignment, and where that is given a
    name made on a line above it (`mask = torch.tril(...)`, then `register_buffer("causal", mask.view(...))`),
    that line."""
    given = [n.args[1] for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
             and n.func.attr == "register_buffer" and len(n.args) >= 2 and isinstance(n.args[0], ast.Constant)
             and n.args[0].value == attr] + \
        [n.value for n in ast.walk(tree) if isinstance(n, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name) and t.value.id == "self"
            for t in n.targets)]
    if len(given) != 1:
        return None
    value = given[0]
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr in ("view", "reshape", "to", "bool", "float", "unsqueeze", "contiguous"):
        value = value.func.value  # mask.view(1, 1, n, n)
    if isinstance(value, ast.Name):
        bound = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < given[0].lineno
                 and any(isinstance(t, ast.Name) and t.id == value.id for t in n.targets)]
        return bound[-1] if bound else given[0].lineno
    return given[0].lineno


def placed(named: list[dict], source: str | None) -> list[dict]:
    """The diagnosis with each catalogued slip said without a line (or one of PREFERRED, said where
    the localisation saw it) given the one line of its form, and an argument left unused the line
    that writes its default, where no other cause is said there."""
    out = []
    for d in named:
        mistake = d.get("mistake") or ""
        ignored = str(d.get("comparator") or "")
        if d.get("verified") and ignored.endswith("-ignored") and mistake in ("", "located") and (
                not d.get("line") or default_written(ignored[:-len("-ignored")], source) not in (None, d["line"])):
            # (said at the call, `_angles(T, d, positions, base)`: at the helper's line that writes the default)
            param = ignored[:-len("-ignored")]
            line, words = default_written(param, source), None
            if line is None:  # (or an argument the function never reads: a call below it gets the default)
                line = never_read(param, source)
                words = f"(line {line} never reads {param}: the argument is not passed on)" if line else None
            said = _held(named, d)
            if line is not None and line not in said:
                # the question the localisation asked, answered by the code
                words = words or f"(line {line} writes {param}'s default where the argument {param} belongs)"
                code, said_at = source.splitlines()[line - 1].strip(), f"line {d.get('line')}: `{d.get('code')}`"
                d = {**d, "line": line, "code": code,
                     **{k: d[k].replace(ASKED, words) for k in ("message", "how") if isinstance(d.get(k), str)}}
                if d.get("line") and said_at in str(d.get("message")):  # said at the call, now at the helper's line
                    d["message"] = d["message"].replace(said_at, f"line {line}: `{code}`, called at {said_at}", 1)
            out.append(d)
            continue
        if d.get("comparator") == "permuted" and d.get("line") and d.get("verified") and \
                "axes -2, -1 swapped" in str(d.get("how")):
            unpacked = _exchanged_unpack(source, d["line"])  # scores transposed: q and k unpacked the other way
            if unpacked is not None and unpacked[0] not in _held(named, d):
                at, a, b = unpacked
                code = source.splitlines()[at - 1].strip()
                d = {**d, "line": at, "code": code,
                     "message": f"line {at}: `{code}` unpacks {b} before {a}, the other way round; "
                                + str(d.get("message") or "")}
        # a localised function whose words name a catalogued slip's form (erf's argument), where the line only reads
        # a name bound on that form's line (`A = Z * Phi` after `Phi = 0.5 * (1 + erf(Z / 2))`): the form's line
        kin = next((slip for words, slip in LOCALISED_AS.items() if words in str(d.get("how"))), None)
        if mistake in ("", "located") and d.get("verified") and d.get("line") and kin and _in_helper(kin, source,
                                                                                                       d["line"]):
            form = line_of(kin, source)
            if form not in _held(named, d):
                old = f"line {d['line']}: `{d.get('code')}`"
                code = source.splitlines()[form - 1].strip()
                d = {**d, "line": form, "code": code,
                     "message": str(d.get("message") or "").replace(old, f"line {form}: `{code}`")}
        if mistake in ("", "located") and d.get("verified") and d.get("line") and "without the factor" in \
                str(d.get("how")):
            copy = _copied_bare(source, d["line"])  # the factor belongs where the value is copied as it is
            if copy is not None and copy not in _held(named, d):
                old = f"line {d['line']}: `{d.get('code')}`"
                code = source.splitlines()[copy - 1].strip()
                d = {**d, "line": copy, "code": code, "message": str(d.get("message") or "").replace(
                    old, f"line {copy}: `{code}` takes line {d['line']}'s value as it is")}
        if d.get("comparator") == "region" and d.get("line") and d.get("verified"):
            made = mask_made(source, d["line"])  # a mask's region is wrong where the mask is made
            if made is not None and made not in _held(named, d):
                old = f"line {d['line']}: `{d.get('code')}`"
                code = source.splitlines()[made - 1].strip()
                d = {**d, "line": made, "code": code,
                     "message": str(d.get("message") or "").replace(old, f"line {made}: `{code}`")}
        # (or a line two catalogued causes were both given: the values left the reference there, for both)
        shared = d.get("line") and sum(e.get("line") == d["line"] and e.get("mistake") not in
                                       (None, "located", "raised", "measured") for e in named) > 1
        # (or a line the localisation saw only as "values differ", no change read: the form's line is evidence)
        # (not a line an edit verified: the copy with that line changed passed, `1:T + 1` made `:T`)
        edited = d.get("line") and f"line {d['line']}: `" in str(d.get("message")) and "(measured: with this change" \
            in str(d.get("message"))
        if (not d.get("line") or public(mistake) in PREFERRED and not edited or shared or d.get("how") == "values differ"
                or _in_helper(mistake, source, d["line"])) and mistake not in ("located", "raised", "measured"):
            line = line_of(mistake, source)
            said = _held(named, d)
            if line is not None and line not in said and line != d.get("line"):
                d = {**d, "line": line, "code": source.splitlines()[line - 1].strip()}
        out.append(d)
    return out
