"""Each cause said at the line that carries it, beside a second one (issue 44, items 1, 2, 3 and 5),
on files of holdout12, a corpus written blind: a slip inside a one-line helper at the helper's line,
a bound made a line above the slice that reads it, a keyword argument a step does not read, a
float64 asked for and never cast back at the return, a hidden width written as 4 * d_model, the
caches returned as given beside RoPE on the values, a query left unrotated beside a top-left mask,
and edits the pair search needs: a reshape's sizes swapped or its axes of 1 misplaced, a named
constant that is the reciprocal of the one needed, a running value set afresh in its loop, a block's
start written as its index, and an edit on a line copied said on the copy. And on holdout11's: the
edits a module needs (a keyword that does not belong, a layer applied where its input belongs), and a
driven drill's second cause (its values judged past the caches written in place; the keys read short
of the newest position beside the old cache returned; a top-left mask read from the weights)."""

from pathlib import Path

import pytest

from tests.drill_helpers import grade, sort

CORPUS = Path(__file__).parent / "data" / "holdout12"


def _said(tmp_path, drill: str, name: str) -> list[dict]:
    report = grade(tmp_path, drill, (CORPUS / drill / name).read_text())
    assert report["status"] == "fail"
    return report["diagnosis"]


@pytest.mark.parametrize("drill, name, lines", [
    # x @ (w1 + b1): the parentheses taken out mends it, and the rest is erf(x) / sqrt(2) at its call
    ("mlp-gelu", "learner_01.py", {8: "write `x @ w1 + b1`", 9: "1/sqrt(2) inside erf"}),
    # the slip is inside `def gelu(z): return ...`, not at the call `h = gelu(x @ w1 + b1)`
    ("mlp-gelu", "learner_03.py", {6: "erf takes x / sqrt(2)"}),
    # `L = start_pos + T - 1` above `keys = cache_k[:, :L]`
    ("kv-cache", "learner_03.py", {25: "newest position is left out"}),
    # the old caches returned, and v rotated as q and k are: both, each verified
    ("kv-cache", "learner_02.py", {30: "returns the cache_k and cache_v it was given",
                                   18: "which belongs to 'q' alone"}),
    # q never rotated, verified on the first call alone; the top-left mask, on a later chunk of
    # another case, where the mask is made (not where it is added to the scores)
    ("kv-cache", "learner_04.py", {20: "gives call 1's output exactly", 31: "expected diagonal 4"}),
    # a reshape's axes of 1 placed for another axis, beside a precedence slip: both edits together
    ("alibi", "learner_01.py", {5: "write `2.0 ** (-8.0 / n_heads)`", 9: "write `-1, 1, 1`"}),
    # `j = np.arange(T).reshape(-1, 1)` copied from i's line: the edit mends either (|i - j| is
    # symmetric), and is said on the copy, the key index left a column; beside an integer table
    ("alibi", "learner_02.py", {12: "write `1, -1` for `-1, 1`", 13: "integer array truncates"}),
    # two sizes of a reshape swapped (it crashes in the einsum), beside a finite mask fill
    ("multi-head-attention", "learner_01.py", {7: "write `B, T, h, d // h`", 12: "-1e9"}),
    # head i's columns started at i (the heads overlap), and w_o applied transposed
    ("multi-head-attention", "learner_02.py", {10: "write `i * hs, (i + 1) * hs`", 17: "write `w_o`"}),
    # ln 2 named LOG2E, and the running max set afresh each block
    ("flash-attention", "learner_02.py", {3: "write `1.4426950408889634`", 26: "write `m_new`"}),
    # base written as 10000.0: the case with base = 500000 shows it at the frequencies' line; beside it
    # the partners concatenated as two halves where cos and sin are interleaved (the other cases)
    ("rope", "learner_03.py", {8: "the argument base (here 500000) is not used",
                               12: "write `torch.stack((-x[..., 1::2], x[..., ::2]), dim=-1).flatten(-2)`"}),
    # the past hidden (tril(-1)) and the heads merged as (B, T, d_head, h): both edits at once
    ("causal-self-attention", "learner_03.py", {25: "write `triu(1)` for `tril(-1)`",
                                                29: "write `0, 2, 1, 3` for `0, 2, 3, 1`"}),
    # 2 * i // d makes every frequency 1, so each cosine one column early holds the same numbers as the
    # right one: the catalogued slip's fix alone leaves the file failing, and the pair mends it
    ("sinusoidal", "learner_03.py", {8: "integer division", 10: "write `2 * i + 1` for `2 * i - 1`"}),
    # float64 asked for on line 5 and returned on line 10 without a cast back: said at the return,
    # where the cast back belongs, the line that widens them named
    ("layer-norm", "learner_01.py", {6: "write `-1` for `0`", 10: "float64 from line 5"}),
    ("swiglu", "learner_03.py", {11: "The SiLU goes on x @ w_gate", 5: "lost the minus"}),
    # qkv viewed per head, (B, T, h, 3, d_head), with its permute following: one edit of both
    ("transformer-block", "learner_01.py", {15: "permute(2, 0, 3, 1, 4)", 41: "ignores mlp_ratio"}),
])
def test_each_cause_is_said_at_its_line(tmp_path, drill, name, lines):
    _at_lines(_said(tmp_path, drill, name), lines)


def _at_lines(said: list[dict], lines: dict) -> None:
    for line, text in lines.items():
        at = [d for d in said if d.get("line") == line]
        assert at, f"nothing said at line {line}: {[(sort(d), d.get('line')) for d in said]}"
        assert any(text in (d.get("message") or "") for d in at) and all(d["verified"] for d in at)


def test_an_input_widened_where_the_trace_records_no_value_is_said_at_the_return(tmp_path):
    """holdout11 rope/03: `torch.view_as_complex(x.to(torch.float64)...)`, a complex value the trace does
    not record, widens the float32 input; the code says so, and the return gives it back uncast."""
    path = Path(__file__).parent / "data" / "holdout11" / "rope" / "learner_03.py"
    said = grade(tmp_path, "rope", path.read_text())["diagnosis"]
    dtype = next(d for d in said if d["mistake"] == "dtype-promoted")
    assert dtype["line"] == 13 and "float64 from line 11" in dtype["message"], dtype


@pytest.mark.parametrize("corpus, drill, name, lines", [
    # GELU(approximate="tanh"), and the attention's residual adding ln_1(x) where x belongs
    ("holdout11", "transformer-block", "learner_03.py", {29: "delete `approximate=\"tanh\"`", 45: "write `x` for `self.ln_1(x)`"}),
    # the caller's cache_v written in place, and RoPE at positions 0..T-1 on every chunk: the values are
    # judged past the rule, each call given writable copies
    ("holdout11", "kv-cache", "learner_01.py", {25: "Do not modify what you are given", 21: "absolute positions"}),
    # the old cache_k returned, and the keys read up to end - 1 (kept (B, S, h, d): the step's axes in
    # another order) on the first call, whatever it returns
    ("holdout11", "kv-cache", "learner_02.py", {29: "returns the cache_k it was given", 23: "newest position is left out"}),
    # v rotated (verified on the first call alone), and a top-left mask whose masked scores are never held
    # in a name (`masked_fill(~mask, -inf).softmax(-1)`): read from the weights' zeros, said where it is made
    ("holdout11", "kv-cache", "learner_03.py", {19: "belongs to 'q' alone", 27: "expected diagonal 4"}),
    # eps's default changed beside (1 + gamma): the search judges the values with the default as stated
    ("holdout5", "rms-norm", "learner_01.py", {4: "eps defaults to 1e-05", 6: "and the default written as the task"}),
    # the sum of squares over x.shape[0], and (y + beta) * gamma: a pair of edits, the second new
    ("holdout5", "layer-norm", "learner_02.py", {7: "write `-1` for `0`", 9: "write `y * gamma + beta`"}),
    # dtype's default changed to 'fp32' beside K and V's factor 2 left out: on the case that leaves dtype out the
    # two cancel (4 x 1 = 2 x 2) and it passes, so the def is read for the default the task states
    # (the 2 said at the product of the formula's terms, the manifest's line, not the return that multiplies the size)
    ("holdout6", "kv-cache-size", "learner_04.py", {4: "dtype defaults to 'fp32'", 11: "multiply by 2"}),
    # the pairs taken as halves, into a buffer allocated with NumPy's default float64 (said where allocated)
    ("holdout5", "rope", "learner_03.py", {11: "write `x[..., 0::2], x[..., 1::2]`", 12: "allocates out with NumPy's"}),
    ("holdout5", "gqa", "learner_05.py", {10: "aligned top-left", 8: "allocates out with NumPy's default float64"}),
    # `out = x` then written into, and the odd output's cos and sin crossed
    ("holdout8", "rope", "learner_02.py", {13: "write `x.copy()` for `x`", 15: "write `x_odd * cos + x_even * sin`"}),
    # the scale read from q.shape[1], and the scores cast to float32 (float64 cases then crash)
    ("holdout8", "gqa", "learner_02.py", {10: "write `-1` for `1`", 14: "write `scores` for `scores.float()`"}),
    # a driven drill's edit search, each edited copy driven chunk by chunk: RoPE's products crossed, and the
    # mask offset by the chunk's length where start_pos belongs
    ("holdout9", "kv-cache", "learner_01.py", {18: "write `x0 * sin + x1 * cos`", 31: "write `start_pos` for `seqlen`"}),
    # T read from the last axis, and the frequencies' exponent without its minus
    ("holdout9", "rope", "learner_02.py", {5: "write `-2` for `-1`", 10: "write `-(idx / d)` for `idx / d`"}),
    # the caches returned as given (read from the values), and d where d_head belongs: the return's edit
    # gives back the copies the function wrote into
    ("holdout9", "kv-cache", "learner_02.py", {36: "returns the cache_k and cache_v it was given",
                                               12: "write `hd` for `d`"}),
    ("holdout10", "kv-cache", "learner_04.py", {36: "returns the cache_k and cache_v it was given",
                                                23: "write `w_v` for `w_k`"}),
    # the new keys written into the input cache_k where its copy new_k belongs, and the angles tiled
    ("holdout7", "kv-cache", "learner_03.py", {36: "write `new_k` for `cache_k`", 17: "ang.repeat_interleave(2"}),
    # several edits pass the first case (KV head 0 for any j // size > j): ranked again on another case
    ("holdout10", "gqa", "learner_01.py", {12: "write `Tk` for `Tq`", 16: "write `group` for `Hkv`"}),
    # np.array(cache_k, copy=False) shares the caller's memory: the caches written through it, said at that
    # line, beside d where d_head belongs
    ("holdout10", "kv-cache", "learner_02.py", {21: "Do not modify what you are given", 9: "write `dh` for `d`"}),
    # q unflattened as (dh, n_heads) (every case crashed in the scores' einsum), and v read at the query's position
    ("holdout10", "multi-head-attention", "learner_03.py", {7: "write `n_heads, dh` for `dh, n_heads`",
                                                            16: "write `\"bhts,bshd->bthd\"`"}),
    # a norm without keepdim=True (every case raised two lines below), and eps added to that root a line
    # later: the edit that mends the crash, and the catalogued slip at the line that adds eps to the root
    ("holdout13", "rms-norm", "learner_01.py", {7: "keepdim=True", 8: "eps belongs inside the square root"}),
    # LeetCode double slips read off the walk: a pointer pair started one off (`lo, hi = 1, ...`) beside
    # positions in the sorted order returned as indices; a window shrunk once (`if`) beside its start one off
    ("holdout13", "two-sum", "learner_01.py", {4: "write `0` for `1`", 8: "write `[order[lo], order[hi]]`"}),
    ("holdout13", "longest-substring", "learner_03.py", {7: "write `while` for `if`", 4: "write `0` for `1`"}),
    # an integer bias table beside slopes counted from h where h + 1 belongs: the float copy fits the
    # catalogued slip as it stands, said at the slopes' power of 2
    ("holdout13", "alibi", "learner_01.py", {5: "integer array truncates", 9: "Your slopes start at 2^0 = 1"}),
    # a (B, T, T) mask cut to mask[0], and the heads merged by a reshape with no transpose: both edits
    ("holdout13", "multi-head-attention", "learner_01.py", {15: "write `mask[:, None]` for `mask[0]`",
                                                            18: "write `(attn @ v).swapaxes(1, 2).reshape(B, T, d)`"}),
    # sqrt(2/pi), the tanh GELU's constant, named INV_SQRT2; and torch.mm, which drops b1
    ("holdout13", "mlp-gelu", "learner_03.py", {3: "writes sqrt(2 / pi) where 1 / sqrt(2) belongs",
                                                7: "never uses b1"}),
    # RoPE's exponent counting the pairs 0, 1, 2 where 0, 2, 4 belong, and a chunk's mask triu(1) aligned
    # top-left where its queries start at start_pos
    ("holdout13", "kv-cache", "learner_03.py", {5: "write `torch.arange(0, hd, 2, dtype=torch.float64)`",
                                                30: "write `start_pos + 1` for `1`"}),
    # a count held in int32, which wraps around at long contexts, beside the memory counted for every layer
    ("holdout13", "attention-cost", "learner_03.py", {5: "wraps around past 2,147,483,647",
                                                      8: "write `scores * bytes_per_element`"}),
    # a slice searched in the loop (too slow) and the numbers returned: each said at its line
    ("holdout13", "two-sum", "learner_03.py", {8: "too slow", 9: "You returned the two numbers"}),
    # exp2 with log2(e) left out of the scale: one edit, at the scale (not exp2 made exp on two lines)
    ("holdout13", "flash-attention", "learner_01.py", {14: "leaves out log2(e)"}),
    # holdout14: the FLOPs of one layer (`total = per_layer`) and the memory of every layer (`L * B * ...`): each
    # named slip at the line its own edit mends, the pair made together
    ("holdout14", "attention-cost", "learner_02.py", {8: "That is one layer's FLOPs", 9: "Memory is asked for one"}),
    # E[x^2] for the variance beside gamma and beta swapped: the variance's slip at the one line that assigns it
    ("holdout14", "layer-norm", "learner_03.py", {10: "gamma and beta are swapped", 8: "The variance is mean(x^2)"}),
    # enumerate(nums, 1), and an element found as its own partner in a dict filled first
    ("holdout14", "two-sum", "learner_02.py", {4: "write `enumerate(nums)`", 6: "paired with itself"}),
    # setdefault keeps a character's first position, and the window's start may move back
    ("holdout14", "longest-substring", "learner_02.py", {8: "write `seen[c] = hi`", 7: "write `max(lo, seen[c] + 1)`"}),
    # -8 // n_heads (wrong where n_heads does not divide 8), and the signed i - j for the distance
    ("holdout14", "alibi", "learner_01.py", {5: "write `-8 / n_heads`", 9: "write `abs(i - j)`"}),
    # a precedence slip beside a key loop that stops at the query: the clamp said at the loop
    ("holdout14", "alibi", "learner_02.py", {7: "parentheses are missing", 9: "The distance must be |i - j|"}),
    # positions made afresh with a dtype keyword, beside the partners built as halves
    ("holdout14", "rope", "learner_01.py", {13: "puts the two halves", 6: "positions argument is ignored"}),
    # the query heads split as (G, Hkv) and swapped, where (Hkv, G) belongs, beside a causal offset's sides
    # swapped, which the first case (causal=False) never runs: the edits ranked again on a causal case
    ("holdout14", "gqa", "learner_01.py", {9: "write `q.reshape(B, Hkv, G, Tq, D)`", 12: "write `Tk - Tq`"}),
    # the scores' einsum written (b, h, k, q), beside triu(diagonal=0): the keyword diagonal's edits
    ("holdout14", "causal-self-attention", "learner_02.py", {20: "write `\"bqhd,bkhd->bhqk\"`",
                                                             21: "write `1` for `0`"}),
    # exp2 without log2(e) in the scale, beside the queries' positions counted from 0 (top left) where they
    # end with the keys'
    # (the top-left mask mended where it compares: its positions' line, 12, mends it alike)
    ("holdout14", "flash-attention", "learner_02.py", {8: "leaves out log2(e)", 19: "aligns the mask top-left"}),
    # base^(-i/d) from arange(hd // 2), beside a mask slice that hides the query's own key (start_pos + i:)
    ("holdout14", "kv-cache", "learner_04.py", {9: "write `np.arange(0, hd, 2)`", 31: "write `start_pos + i + 1`"}),
    # the max over the queries, beside a guard that tests isnan where the max is -inf: the rest fits a NaN row,
    # not "no max subtracted" (the code subtracts one: exp(logits - m))
    ("holdout14", "attention", "learner_03.py", {9: "write `-1` for `-2`", 10: "comes out as NaN"}),
    # the root taken twice: the .sqrt() dropped mends it alone (no eps-outside-sqrt said beside it)
    ("holdout10", "rms-norm", "learner_03.py", {5: "with that one change your code passes every case"}),
    # holdout15 (other styles): erf of z / 2.0 where z / sqrt(2) belongs, beside the GELU given x @ w1 where the
    # local with b1 added belongs; a bf16 at 4 bytes beside the 2 for K and V left out; a float64 scalar made
    # by np.sqrt above the line that multiplies by it, beside a softmax over the queries and 0/0 on an empty row
    ("holdout15", "mlp-gelu", "learner_02.py", {8: "write `2.0 ** 0.5`", 17: "write `first_linear_with_bias`"}),
    ("holdout15", "kv-cache-size", "learner_03.py", {3: "bf16 counted as 4 bytes", 4: "the 2 for K and V"}),
    ("holdout15", "attention", "learner_01.py", {6: "NumPy 2 promotes", 13: "write `-1` for `-2`",
                                                 14: "comes out as NaN"}),
    # holdout16: a float64 scale passed to a helper that multiplies by it; two catalogued slips the values gave
    # one line (where exp overflowed), each at its own form's; the given mask bound under another name as it is;
    # one LayerNorm called twice; the head's width bound to the model's, beside heads merged without a transpose
    ("holdout16", "flash-attention", "learner_01.py", {11: "NumPy 2 promotes", 20: "Off by one", 28: "NaN"}),
    ("holdout16", "attention", "learner_03.py", {5: "divided by d", 9: "another axis"}),
    ("holdout16", "cross-attention", "learner_03.py", {16: "1/sqrt(d_model)", 19: "True for real tokens"}),
    ("holdout16", "transformer-block", "learner_03.py", {15: "Off by one", 27: "used twice"}),
    ("holdout16", "multi-head-attention", "learner_03.py", {11: "without the transpose", 27: "sqrt(d_model)"}),
    # the slope ratio divided the other way round beside the heads' order reversed ([::-1] dropped)
    ("holdout16", "alibi", "learner_03.py", {5: "write `-8.0 / n_heads`", 6: "write `range(n_heads)`"}),
    # a pointer that moves the wrong way beside positions in a sorted permutation (or a table of pairs)
    ("holdout16", "two-sum", "learner_03.py", {13: "write `[order[lo], order[hi]]`", 14: "write `total < target`"}),
    ("holdout15", "two-sum", "learner_01.py", {15: "[indexed_numbers[left_pointer][1]",
                                               16: "write `current_sum < target`"}),
    # a walrus lookup tested for truth beside the values returned for the indices
    ("holdout16", "two-sum", "learner_02.py", {8: "is not None", 9: "their indices"}),
    # v's width read for the scale (shows only where dv != d) beside a running sum not rescaled
    ("holdout16", "flash-attention", "learner_03.py", {30: "write `q` for `v`", 18: "not the running sum"}),
    # positions from 1 beside a base a zero short; a default written in a helper beside the halves rotated
    ("holdout16", "sinusoidal", "learner_03.py", {11: "write `0, T`", 13: "write `10000.0` for `1000.0`"}),
    ("holdout16", "rope", "learner_01.py", {5: "base", 13: "write `(x[..., 0::2], x[..., 1::2])`"}),
    # a causal buffer made in __init__ with diagonal=1, beside k unpacked before q (the scores transposed)
    ("holdout16", "causal-self-attention", "learner_03.py", {18: "diagonal=1", 23: "unpacks k before q"}),
    # batch left out of the scores' count, av_flops made and never added, and 2 bytes written for bytes_per_element
    # (a loop that validates every argument by name reads batch, but feeds no figure)
    ("holdout16", "attention-cost", "learner_01.py", {10: "batch is missing", 13: "av_flops, made at line 12",
                                                      14: "2 bytes per element"}),
    # batch left out of an np.prod of the sizes (a product with no *), beside GiB returned
    ("holdout12", "kv-cache-size", "learner_01.py", {7: "batch is missing", 8: "you returned GiB"}),
    # holdout17: HF's repeat_kv expanded with the repeats first beside a top-left mask; a causal tril in
    # cross-attention beside w_k for the values; the MLP's output returned without the residual
    ("holdout17", "gqa", "learner_01.py", {11: "You tiled the KV heads", 23: "aligned top-left"}),
    ("holdout17", "cross-attention", "learner_03.py", {17: "write `w_v` for `w_k`", 20: "You applied a causal mask"}),
    ("holdout17", "transformer-block", "learner_03.py", {28: "1/sqrt(d_model)", 52: "residual connection"}),
    # a distance clamped inside a helper that the returned line calls: said in the helper, beside slopes reversed
    ("holdout17", "alibi", "learner_01.py", {24: "in order", 31: "a clamp"}),
    # a loop that stops before the last element beside a value returned where its index belongs
    ("holdout17", "two-sum", "learner_01.py", {9: "write `i <= n - 1`", 12: "write `i` for `x`"}),
    # int(bytes / 1024 ** 3), which rounds GiB's factor away, beside the 2 for K and V left out (said where a K and a
    # V per KV head are counted, as its comment says)
    ("holdout17", "kv-cache-size", "learner_01.py", {13: "converts bytes to GiB", 10: "multiply by 2"}),
    # w_gate where w_up belongs beside a sigmoid for silu: together sigmoid(g) * g = silu(g), which read as
    # "the product with up left out", a step the code visibly has; the pair of edits says both
    ("holdout17", "swiglu", "learner_02.py", {8: "write `w_up` for `w_gate`", 9: "That is sigmoid"}),
    # half the FLOPs beside the layers multiplied into the count of scores (a step before the memory's bytes)
    ("holdout17", "attention-cost", "learner_03.py", {6: "Half the FLOPs", 8: "one layer's score matrices"}),
    # a query loop's keys cut at p + t (every query sees the whole chunk) beside RoPE's frequencies over d
    ("holdout17", "kv-cache", "learner_01.py", {10: "write `e` for `d`", 27: "never applied"}),
    # holdout18: a scale made a line above the product that reads it; slopes by exp beside a signed distance
    ("holdout18", "attention", "learner_01.py", {22: "divided by d"}),
    ("holdout18", "alibi", "learner_03.py", {17: "write `exp2` for `exp`", 19: "|i - j|"}),
    # sqrt of the key count (k.size(-2)) beside masked_fill(mask, ...) where the mask is True to attend
    ("holdout18", "attention", "learner_02.py", {8: "write `-1` for `-2`", 9: "write `~mask` for `mask`"}),
    # QK^T's count without the 2 its sibling A.V has (not "reads flops_QK where flops_AV belongs"), beside the
    # layers multiplied into the memory (not at the line that only renames the arguments)
    ("holdout18", "attention-cost", "learner_03.py", {6: "leaves out the factor 2 that line 7", 11: "one layer's"}),
    # a module's root multiplied in (said in forward, not at the call) beside its gamma buffer made float64
    ("holdout18", "rms-norm", "learner_02.py", {13: "RMSNorm divides", 8: "stores it as float64"}),
    # the softmax over the queries beside a merge the localisation saw only as "values differ" a line below
    ("holdout18", "multi-head-attention", "learner_03.py", {23: "another axis", 25: "without the transpose"}),
    # batch left out (said at the product of the other sizes, not at a dtype's lookup); 16 bits returned for fp16
    ("holdout18", "kv-cache-size", "learner_03.py", {4: "d_model / n_kv_heads", 10: "batch is missing"}),
    ("holdout18", "kv-cache-size", "learner_02.py", {16: "counts bits where bytes belong"}),
    # a loop from 1 beside a table storing the repeat's index where the next start belongs
    ("holdout18", "longest-substring", "learner_01.py", {18: "write `0` for `1`", 23: "write `end + 1` for `end`"}),
    # GELU without its 0.5 beside the activation applied after the projection (two calls in the other order)
    ("holdout18", "mlp-gelu", "learner_01.py", {18: "leaves out GELU's factor 0.5", 28: "applies self.act after"}),
    # erf(z / 2) beside b1, read only by an assert, never added
    ("holdout18", "mlp-gelu", "learner_03.py", {15: "write `2.0 ** 0.5`", 24: "never uses b1"}),
    # up from self.w_gate (a registered buffer for its sibling) beside GELU for the gate
    ("holdout18", "swiglu", "learner_01.py", {15: "write `self.w_up`", 14: "SwiGLU uses SiLU"}),
    # a mean over x.size where d, made and never used, belongs, beside eps outside the root
    ("holdout18", "rms-norm", "learner_03.py", {6: "write `d` for `x.size`", 7: "eps belongs inside"}),
    # the halves sliced where the interleaved pairs belong, beside `out = x` written into
    ("holdout18", "rope", "learner_03.py", {9: "interleaved pairs", 11: "modify one of its inputs"}),
    # A.V's count made by the same call as QK^T's and never read: said where QK^T's is returned, with its name
    ("holdout18", "attention-cost", "learner_01.py", {26: "mix, made at line 25, is never used", 20: "2 bytes"}),
    # an object's w_o stored and never read: said at the return that merges the heads
    ("holdout18", "multi-head-attention", "learner_01.py", {11: "without the transpose", 42: "output projection"}),
    # a layer called through a name bound to it (`layer(x, cache_k, ...)`): its forward's lines searched, the
    # keys cached as values beside an in-place triu_ whose computed diagonal is one short
    ("holdout18", "kv-cache", "learner_02.py", {39: "write `v` for `k`", 45: "puts the diagonal one off"}),
    # holdout19: slopes made over reversed(range(n)) beside a positive bias; a loop's row hiding its future from
    # i + 1 beside RoPE's exponent with its sign flipped; `c = x; c -= mean` on one line
    ("holdout19", "alibi", "learner_03.py", {6: "in order", 7: "must be negative"}),
    ("holdout19", "kv-cache", "learner_03.py", {13: "sign the other way round", 46: "bottom-right"}),
    ("holdout19", "layer-norm", "learner_03.py", {5: "modify one of its inputs"}),
    # a helper that counts multiply-adds (return m * n * k), called for both products: the 2 said in the helper
    ("holdout19", "attention-cost", "learner_02.py", {5: "2 where the 4", 18: "you returned GiB"}),
    # positions from 0 (np.arange(t_new)) said where they are made, not where the values first leave the steps
    ("holdout19", "kv-cache", "learner_01.py", {28: "write `np.arange(end_pos - t_new, end_pos)`",
                                                32: "wrote into the caches"}),
    # a mask's rows taken one down (`tri[:, :, 1:T + 1, :T]`): said at the slice, not at the canonical tril buffer
    # (three catalogued slips, the mask's placed at that slice)
    ("holdout19", "causal-self-attention", "learner_03.py", {17: "viewed per head first", 20: "diagonal",
                                                             23: "the merge only"}),
    # the queries' positions counted from 0 (`rows = arange(Tq)`), and `acc = acc.add(p @ v)` never rescaled
    ("holdout19", "flash-attention", "learner_03.py", {14: "bottom-right", 26: "output accumulator"}),
    # a slope exponent bound a line above its exp2, and a loop over the keys that stops at the diagonal
    ("holdout19", "alibi", "learner_02.py", {8: "slopes start at 2^0", 12: "signed i - j"}),
    ("holdout19", "alibi", "learner_01.py", {18: "for every key"}),
    # the stream replaced by the attention's output; masked scores set to 0 by a helper; RoPE's pair turned
    # the other way; h % Hkv beside `if Hq % Hkv != 0`; `.add(beta).mul(gamma)`; a lambda returning the root
    ("holdout19", "transformer-block", "learner_02.py", {35: "residual connection is missing", 36: "ReLU"}),
    ("holdout19", "multi-head-attention", "learner_02.py", {9: "not -inf", 36: "h * dHead"}),
    ("holdout19", "rope", "learner_03.py", {8: "base^(-i/d)", 13: "wrong way"}),
    ("holdout19", "gqa", "learner_01.py", {24: "bottom-right", 27: "tiled the KV heads"}),
    ("holdout19", "layer-norm", "learner_02.py", {7: "axis 0 where axis -1", 9: "beta is added before"}),
    ("holdout19", "rms-norm", "learner_01.py", {3: "multiplied by sqrt", 7: "modified one of its inputs"}),
    # a kernel's causal where() with no bound on the keys; an output that is the input (`out := x`) in a launch
    ("holdout19", "flash-attention-triton", "learner_03.py", {15: "keys past T"}),
    ("holdout19", "softmax-triton", "learner_04.py", {14: "modified one of its inputs"}),
    # a store's mask bound above (`mask = cols < n_cols - 1`); exp2 with no log2(e) written: where scores are scaled
    ("holdout19", "softmax-triton", "learner_02.py", {10: "the store's mask is off"}),
    ("holdout19", "flash-attention-triton", "learner_04.py", {33: "no constant is written"}),
    # GELU's CDF copied bare (`hidden = phi`); bits and n_heads for n_kv_heads, not n_kv_heads in d_head
    ("holdout19", "mlp-gelu", "learner_02.py", {10: "takes line 9's value as it is"}),
    ("holdout19", "kv-cache-size", "learner_01.py", {3: "you returned bits", 8: "n_heads where n_kv_heads"}),
    # edits: RMSNorm's input centred, n from axis 0; linspace reaching its end beside positions from 1; k tiled where
    # v is repeated; a logsumexp's max not added back; a window start moved back and one short; a sorted copy's
    # positions beside a self-pair
    ("holdout19", "rms-norm", "learner_03.py", {6: "axis 0 where axis -1", 7: "a term that does not belong"}),
    ("holdout19", "rope", "learner_01.py", {6: "whole range is shifted", 8: "endpoint=False"}),
    ("holdout19", "gqa", "learner_02.py", {8: "np.repeat(", 23: "float32 output"}),
    ("holdout19", "cross-attention", "learner_03.py", {25: "a logsumexp adds it back", 28: "float32 output"}),
    ("holdout19", "longest-substring", "learner_02.py", {12: "before the window", 13: "lastSeen[ch] + 1"}),
    ("holdout19", "two-sum", "learner_03.py", {6: "sorted copy", 7: "paired with itself"}),
    # holdout20: an argument a call below never gets; A.V's count made and never read; all layers' memory
    ("holdout20", "attention-cost", "learner_02.py", {32: "not passed on"}),
    ("holdout20", "attention-cost", "learner_01.py", {10: "Half the FLOPs", 13: "one layer's score"}),
    # a triangle kept the other way, made by the file; the fused projection viewed per head; gamma and beta through
    # names bound to them; a window start under a one-line if; a root as a step of a list
    ("holdout20", "causal-self-attention", "learner_02.py", {18: "per head first", 20: "inverted"}),
    ("holdout20", "layer-norm", "learner_01.py", {13: "inside the square root", 16: "gamma and beta are swapped"}),
    ("holdout20", "longest-substring", "learner_01.py", {9: "moved back", 11: "right - left + 1"}),
    ("holdout20", "rms-norm", "learner_01.py", {9: "last axis", 11: "divides by it"}),
    # erf's argument where Phi is made, not where it is read; a step left out beside a slip inside it (GELU's 0.5)
    ("holdout20", "mlp-gelu", "learner_02.py", {11: "GELU's erf takes x / sqrt(2)"}),
    ("holdout20", "mlp-gelu", "learner_03.py", {24: "is left out", 16: "factor 0.5"}),
    # j % n_kv beside a top-left tril of (n, m); a strict mask beside one normaliser for the whole matrix
    ("holdout20", "gqa", "learner_02.py", {8: "j // g", 9: "bottom right"}),
    ("holdout20", "gqa", "learner_01.py", {12: "diagonal", 22: "each row's own"}),
    # the 2 for K and V where the formula's terms are multiplied, beside tokens + 1
    ("holdout20", "kv-cache-size", "learner_03.py", {20: "2 for K and V", 21: "tokens + 1"}),
    # the keys stored into the value cache (the line above stores them into the key cache) beside sqrt(d_model)
    ("holdout20", "kv-cache", "learner_02.py", {30: "stores k into new_v", 35: "1/sqrt(d_model)"}),
    # ln 2 written for log2(e) in a one-element tensor; the max of the exponentials beside a grid of row blocks
    ("holdout20", "flash-attention-triton", "learner_03.py", {18: "the constant is written at line 18"}),
    ("holdout20", "softmax-triton", "learner_04.py", {16: "their sum", 22: "n_rows"}),
    # T (T + 1) / 2 pairs where T x T belongs: the causal triangle, not "2 where 4 belongs" beside tokens + 1
    ("holdout2", "attention-cost", "g03.py", {5: "causal triangle"}),
    # a merge without the transpose inside a class the entry reaches through another (CrossAttention -> MergeHeads)
    ("holdout20", "cross-attention", "learner_01.py", {24: "without the transpose", 50: "1/sqrt(d_model)"}),
    # the blocks made as long as every key (`blk = max(int(block_size), tk)`): the memory said where the step is made
    ("holdout20", "flash-attention", "learner_03.py", {34: "makes one block of every key", 44: "wrong order"}),
    # a where() with its branches the other way round, a line above the one whose value first leaves the steps
    ("holdout20", "softmax-triton", "learner_03.py", {16: "each branch where the other belongs"}),
    # 2.0 * i over range(0, d, 2); a pair's indices taken as (1, 0)
    ("holdout20", "rope", "learner_02.py", {9: "steps by 2 already", 12: "other order"}),
    # range(0, Tk - block_size, ...) beside the output not rescaled; x.stride(1) passed as the row stride beside
    # the inputs summed; a block sized from the rows beside padding lanes loaded as 0; the scale made from T
    ("holdout20", "flash-attention", "learner_01.py", {18: "stops block_size short", 29: "output accumulator"}),
    ("holdout20", "softmax-triton", "learner_01.py", {17: "stride of axis 1", 11: "write `e` for `x`"}),
    ("holdout20", "softmax-triton", "learner_02.py", {25: "n_rows where n_cols", 12: "loaded as 0"}),
    ("holdout20", "flash-attention-triton", "learner_02.py", {52: "the scale is made", 51: "H * B"}),
    # post-norm written as `pair[0](h + pair[1](h))`; a lookup through a class (`j = lookup(x - target)`, `if j:`)
    ("holdout20", "transformer-block", "learner_03.py", {34: "post-norm", 30: "approximation"}),
    ("holdout20", "two-sum", "learner_01.py", {26: "write `target - x`", 27: "a found 0"}),
    # holdout21: a float64 buffer returned through a view (`out.reshape(x.shape)`); a row index handed to a helper as
    # the position; a sigmoid bound to a name and multiplied by up alone; eps cast by x.dtype.type; a sum cast before
    # the division; the first sequence's mask in a batch loop (applied, so not "never applied"); `if last >= 0:`
    ("holdout21", "rms-norm", "learner_02.py", {9: "default float64", 12: "write `0` for `1`"}),
    ("holdout21", "rope", "learner_01.py", {9: "exponent's sign", 20: "positions argument is ignored"}),
    ("holdout21", "swiglu", "learner_02.py", {11: "write `-gate`", 12: "silu(z) = z * sigmoid(z)"}),
    ("holdout21", "layer-norm", "learner_01.py", {5: "axis 0 where axis -1", 8: "inside the square root"}),
    ("holdout21", "attention", "learner_03.py", {7: "axis -2", 13: "axis -2", 17: "comes out as NaN"}),
    ("holdout21", "cross-attention", "learner_01.py", {13: "write `(h + 1) * dh`", 19: "write `b` for `0`"}),
    ("holdout21", "longest-substring", "learner_02.py", {19: "moved back"}),
    # bf16 as 16 beside n_heads for n_kv_heads (not n_kv_heads in d_head, which only a tuple of the keys names);
    # tokens * 2 where tokens ** 2 belongs, beside memory in bits
    ("holdout21", "kv-cache-size", "learner_01.py", {1: "16 (its size in bits)", 20: "n_heads where n_kv_heads"}),
    ("holdout21", "attention-cost", "learner_03.py", {12: "a square written as a double", 16: "you returned bits"}),
    # a cos slice stopping one short of the end (it raised) beside positions counted from 1
    ("holdout21", "sinusoidal", "learner_03.py", {18: "stops one short of the end", 13: "positions start at 1"}),
    # the file's own dtype check rejecting float64, beside a where() whose branches are swapped in the kernel
    ("holdout21", "softmax-triton", "learner_02.py", {14: "write `tl.where(mask, e, 0.0)`", 24: "your own check"}),
    # tl.dot's factors the other way round, beside an output allocated float32 (the values judged past the dtype)
    ("holdout21", "matmul-triton", "learner_02.py", {31: "write `tl.dot(a, b", 41: "float32"}),
    # a base of 1000 beside cos written for sin, in a loop slow enough that an edited copy needs more than 0.5 s
    ("holdout21", "sinusoidal", "learner_01.py", {10: "write `10000.0`", 11: "write `sin`"}),
    # RoPE's pair index for 2i, beside heads merged by a reshape to another array's shape (a driven drill)
    ("holdout21", "kv-cache", "learner_02.py", {21: "np.arange(0, dh, 2)", 43: "swapaxes(1, 2).reshape(x.shape)"}),
    # q and k unpacked the wrong way round beside the scale from x's width (a copy nearer by its distance)
    ("holdout21", "causal-self-attention", "learner_02.py", {14: "write `q, k, v`", 18: "write `k` for `x`"}),
    # A.V's factor 2 left out (a product of a NamedTuple's fields) beside heads and layers swapped in a call
    ("holdout21", "attention-cost", "learner_02.py", {19: "leaves out the factor 2", 26: "heads and layers"}),
    # a scale made as 1/d by a helper of the wrapper (not the scores scaled twice: the kernel scales once), beside
    # a running sum not rescaled
    ("holdout21", "flash-attention-triton", "learner_02.py", {51: "1/d where 1/sqrt(d) belongs",
                                                              41: "running sum is not rescaled"}),
    # d_head from the KV heads in a shape whose product is taken (config["n_kv_heads"] in the tuple: not "every query
    # head cached"), beside the 2 for K and V left out
    ("holdout22", "kv-cache-size", "learner_01.py", {10: "d_model / n_kv_heads where d_model / n_heads",
                                                     16: "the 2 for K and V is missing"}),
    # RoPE at the chunk's own positions (no step "left out" at a line that calls the file's rope), beside heads merged
    # without the transpose; d_head, a number, is not read as a decode call's one position
    ("holdout22", "kv-cache", "learner_01.py", {20: "absolute positions", 36: "swapaxes(1, 2).reshape(B, T, d_model)"}),
    # the heads' outputs concatenated and returned, the projection made and never read
    ("holdout22", "causal-self-attention", "learner_03.py", {16: "sqrt(d_model)", 29: "output projection is missing"}),
    # a float64 buffer added into in place (`out += ...`), beside a block loop stopping a block short
    ("holdout22", "swiglu", "learner_02.py", {9: "allocates out with NumPy's default float64", 10: "write `h`"}),
    # the 2 of a multiply-add left out where the file names that factor 1 (`flops_per_mac = 1`), not at
    # `matmuls = 2`, the right count of products, beside memory returned in GiB
    ("holdout22", "attention-cost", "learner_03.py", {8: "2 where the 4", 11: "GiB"}),
    # a triple slip whose first edit mends the smallest cases: the copy searched from the cases it still fails
    ("holdout22", "attention", "learner_03.py", {9: "reads v where q belongs", 11: "np.where(mask, scores, -np.inf)",
                                                 16: "write `-1` for `-2`"}),
    # w_o never read: the result multiplied by it, beside a scale multiplied and a fully masked row left NaN
    ("holdout22", "multi-head-attention", "learner_01.py", {11: "* where / belongs", 16: "NaN",
                                                            21: "(res) @ w_o"}),
    # heads taken by stride (`z[..., i::n]`) where contiguous blocks belong, beside an inverted mask
    ("holdout22", "multi-head-attention", "learner_02.py", {7: "every n-th column", 19: "~mask"}),
    # an inclusive end for a slice's exclusive one (`c0 + dh - 1`), beside masked scores set to 0
    ("holdout22", "cross-attention", "learner_03.py", {18: "write `c0 + dh`", 24: "float(\"-inf\")"}),
    # three catalogued slips at once, one in each sub-layer; the stream overwritten by `x = h`
    ("holdout22", "transformer-block", "learner_03.py", {20: "wrong triangle", 55: "ReLU", 57: "residual"}),
    # the 8 left out of the slopes' exponent, beside the signed distance
    ("holdout22", "alibi", "learner_03.py", {5: "The 8 is missing", 9: "|i - j|"}),
    # the NeoX half's lane read where the lane beside the pair's first belongs, beside theta over d/2
    ("holdout22", "rope", "learner_03.py", {13: "write `d` for `half`", 18: "write `2 * i + 1`"}),
    # a window's two slips mend every case but the one of 20,000 distinct characters, which a table of 256
    # characters fails on its own
    ("holdout22", "longest-substring", "learner_03.py", {10: "every case but n = 200,000",
                                                         12: "write `last[c] >= start`"}),
    # a loop's mask aligned top-left (`s[i, i + 1:]`), beside heads dealt by modulo and a float32 output
    ("holdout22", "gqa", "learner_03.py", {14: "float32", 18: "h // group", 22: "i + 1 + Tk - Tq"}),
    # the keys cached before RoPE where `k`, made and never read, belongs; beside the diagonal hidden and a scale
    # by sqrt(d_model)
    ("holdout22", "kv-cache", "learner_03.py", {20: "<=", 37: "write `k`", 41: "sqrt(d_model)"}),
    # a loop's limit `range(last + 1)` read from `last = t`: the top-left mask said where last is bound
    ("holdout22", "kv-cache", "learner_02.py", {29: "wrote into the caches", 38: "bottom-right"}),
    # a window's start set from an unpacked name (`l, b, p = 0, 0, {}`) may move back, beside r - l
    ("holdout23", "longest-substring", "learner_02.py", {5: "max(l, ", 7: "r - l + 1"}),
    # a 1-based loop's end one short (`range(1, n)`), beside a restart at the repeat itself
    ("holdout23", "longest-substring", "learner_03.py", {10: "write `n + 1`", 14: "p + 1"}),
    # the last element sliced off (`nums[:-1]`), beside the values returned where seen[...] and idx belong
    ("holdout23", "two-sum", "learner_02.py", {8: "write `nums`", 11: "[seen[complement], idx]"}),
    # heads folded into a concatenation the other way round
    ("holdout23", "cross-attention", "learner_01.py", {18: "(acc, t)"}),
    # SiLU on the up branch, both of its reads, beside the two branches added
    ("holdout23", "swiglu", "learner_02.py", {7: "gate * torch.sigmoid(gate)", 8: "act * up"}),
    # a float32 (n, d) buffer returned reshaped, beside sigmoid for SiLU
    ("holdout23", "swiglu", "learner_01.py", {10: "float32", 16: "sigmoid"}),
    # the swap at a helper's call (`_silu(x @ w_up)`), beside the sigmoid's lost minus
    ("holdout23", "swiglu", "learner_03.py", {5: "minus", 11: "x @ w_gate"}),
    # pairs split as halves, (2, d // 2) transposed, beside the positions made afresh
    ("holdout23", "rope", "learner_02.py", {6: "positions argument is ignored", 9: "(d // 2, 2) belongs"}),
    # a loop's angle from the chunk's own index (`ang = t * 10000.0 ** ...`) and its row's future hidden from t + 1
    ("holdout23", "kv-cache", "learner_01.py", {16: "absolute positions", 27: "wrote into the caches",
                                                38: "bottom-right"}),
    # -inf filled where a mask picked by a conditional holds (`masked_fill((mask.unsqueeze(1) if ...), -inf)`)
    ("holdout23", "multi-head-attention", "learner_02.py", {3: "without the transpose", 11: "inverted"}),
    # the running sum's update the first of three made at once (`l, o, m = l + p.sum(-1), ...`)
    ("holdout23", "flash-attention", "learner_02.py", {15: "wrong way round", 19: "not the running sum"}),
    # cos picked for the even columns inside a helper handed to map (`map(column, range(d))`): the helper's line
    ("holdout23", "sinusoidal", "learner_03.py", {9: "swapped"}),
    # both residuals dropped in the one helper both sub-layers go through (`sub = lambda f, ln, t: f(ln(t))`)
    ("holdout23", "transformer-block", "learner_01.py", {17: "wrong triangle", 28: "ReLU", 31: "residual"}),
    # a guard on the row's max (`row_max = nan_to_num(row_max, ...)`), where the NaN comes from the division below it
    ("holdout23", "gqa", "learner_02.py", {21: "diagonal", 26: "NaN"}),
    # np.sqrt(2) held in a name and read at a helper's call (`_erf(z / root2)`): widened there, not in the helper
    ("holdout23", "mlp-gelu", "learner_03.py", {15: "float32 input", 16: "0.5"}),
    # no root where eps is added (`scale = 1.0 / (ms + eps)`), beside a float64 accumulator
    ("holdout23", "rms-norm", "learner_02.py", {7: "float32 input", 9: "square root"}),
    # GELU's tanh form in a lambda the call reads, beside a residual the task does not have
    ("holdout23", "mlp-gelu", "learner_02.py", {4: "tanh", 10: "residual"}),
    # the 2 for K and V left out of a tuple of factors a reduce multiplies, beside bits for bytes in a table
    ("holdout23", "kv-cache-size", "learner_02.py", {4: "bits", 9: "the 2 for K and V is missing"}),
    # holdout24: a window's start set by a conditional expression (`lo = seen[c] + 1 if c in seen else lo`)
    ("holdout24", "longest-substring", "learner_03.py", {11: "moved back"}),
    # a generator's store of the value where its index belongs (`first.setdefault(v, v)`), beside enumerate from 1
    ("holdout24", "two-sum", "learner_01.py", {9: "write `enumerate(nums)`", 10: "write `i` for `v`"}),
    # a power of 0.5 where 2's belongs, beside the bias's sign dropped at the return
    ("holdout24", "alibi", "learner_01.py", {6: "write `2.0` for `0.5`", 7: "sign the other way round"}),
    # SiLU (here a sigmoid) applied to the up branch at its call: said at the call, beside the sigmoid's lambda
    ("holdout24", "swiglu", "learner_01.py", {5: "sigmoid", 7: "x @ w_gate"}),
    # quick GELU written out (`sigmoid(1.702 * h)`), beside b1 never added
    ("holdout24", "mlp-gelu", "learner_01.py", {6: "never uses b1", 7: "quick GELU"}),
    # -inf stored where the given padding mask holds (`E[:, memory_mask[b]] = -np.inf`), beside a sum over axis 0
    ("holdout24", "cross-attention", "learner_02.py", {20: "True for real tokens", 24: "write `-1` for `0`"}),
    # a softmax class constructed with axis=-2 in a method the entry point's call reaches; the finite fill
    # (-1e9) it hid: a fully masked row is right only while the axis is wrong, so the axis's fix shows it
    ("holdout24", "attention", "learner_02.py", {31: "another axis", 27: "finite number"}),
    # a triple: the step the localisation saw left (`S / d_k`, a factor 1/sqrt(d)) mended first, traced,
    # then the pair left (branches of the mask's where swapped, the max over the query axis)
    ("holdout24", "attention", "learner_01.py", {9: "write `d_k ** 0.5`", 11: "inverted", 12: "write `-1`"}),
    # a triple in a nanoGPT module: sqrt(C) where the head's width belongs, tri(u) for tril, and the heads
    # merged by a view of `y.contiguous()` with no transpose before it
    ("holdout24", "causal-self-attention", "learner_01.py", {22: "write `(C // self.n_head)`", 23: "tril",
                                                             27: "merges the heads"}),
    # the MLP's residual left out of a block whose attention keeps its own, beside a scale multiplied
    ("holdout24", "transformer-block", "learner_02.py", {15: "`-0.5`", 44: "leaves out the residual"}),
    # RoPE's pairs written back as two halves (only the caches returned show it: q and k alike), beside a
    # mask made with `.tril()` where the queries start at start_pos
    ("holdout24", "kv-cache", "learner_03.py", {10: "interleaved", 25: "top-left"}),
    # the angles tiled (`np.tile(np.cos(ang), 2)`) where each pair's is repeated, beside base written as 10000.0
    ("holdout24", "rope", "learner_02.py", {6: "write `base`", 7: "tiled"}),
    # -inf filled where a mask named `allowed` holds: the fill is inverted, not the binding
    ("holdout24", "multi-head-attention", "learner_02.py", {12: "sqrt(d_model)", 14: "inverted", 15: "another axis"}),
    # the scale's width from v (`1 / sqrt(v.shape[-1])`), beside the block's own max stored as the running max
    ("holdout24", "flash-attention", "learner_03.py", {8: "write `q` for `v`", 31: "write `m_new` for `m_ij`"}),
    # log10 where the natural log belongs, beside a phase counted in turns (`2 * np.pi * n * omega`)
    ("holdout24", "sinusoidal", "learner_02.py", {6: "write `log` for `log10`", 7: "write `n` for `2 * np.pi * n`"}),
    # holdout25: a guard at the division a fully masked row needs, hidden while exp overflowed (no max subtracted)
    ("holdout25", "attention", "learner_03.py", {14: "subtract each row's max", 16: "every key masked"}),
    # a triple: the scores' step mended first (sqrt(d_model) for the head's width), then the mask and the merge
    ("holdout25", "multi-head-attention", "learner_01.py", {14: "a head's belongs", 21: "each branch",
                                                            28: "without the transpose"}),
    # each head's share assigned where it adds up, beside heads started at h: the float64 the overwrite let through
    # is no cause of its own (`out += ...` keeps the float32 array)
    ("holdout25", "multi-head-attention", "learner_02.py", {14: "h * dh", 25: "out += "}),
    # GELU's tanh form written out, beside the pre-activation fed on
    ("holdout25", "mlp-gelu", "learner_01.py", {10: "tanh approximation", 12: "write `G` for `H`"}),
    # the running sum set afresh in the loop (its history dropped), beside the causal offset's sign
    ("holdout25", "flash-attention", "learner_02.py", {8: "write `N - n` for `n - N`", 23: "rescaled history"}),
    # the sine's sign in the rotation, beside the queries rotated from 0 where the keys' line passes start_pos
    ("holdout25", "kv-cache", "learner_03.py", {13: "x_even * cos - x_odd * sin", 21: "passes 0 where line 22"}),
    # d_head from the KV heads, beside the factor for K and V written as 1 (`keys_and_values_factor = 1`)
    ("holdout25", "kv-cache-size", "learner_01.py", {8: "d_model / n_kv_heads", 10: "the 2 for K and V"}),
    # the attention's output bound to a name no later line adds to, beside GELU's tanh and ln1 used twice
    ("holdout25", "transformer-block", "learner_02.py", {38: "approximation", 44: "residual", 46: "twice"}),
    # heads merged by a view of `x.contiguous()` where the split's view has its transpose on the next line
    ("holdout25", "causal-self-attention", "learner_01.py", {29: "sqrt(d_model)", 31: "diagonal",
                                                             35: "without the transpose"}),
    # cos in the even columns as well: one edit, where two catalogued readings ("swapped", "sin only") fit together
    ("holdout25", "sinusoidal", "learner_02.py", {7: "2i/d", 12: "write `sin_block`"}),
    # an index counted from 1 in a comprehension (`{v: i + 1 ...}`), beside a lookup that may find i itself
    ("holdout25", "two-sum", "learner_03.py", {7: "write `i` for `i + 1`", 10: "j != i"}),
    # the window's start put on the repeat (`prev.get(ch, -1)`, one short), beside the first index kept (setdefault)
    ("holdout25", "longest-substring", "learner_02.py", {11: "one off", 12: "keeps the first value"}),
    # three catalogued slips, the mask made by comparing two named position vectors (`allowed = row >= col`)
    ("holdout20", "transformer-block", "learner_01.py", {23: "wrong triangle", 29: "axis", 46: "used twice"}),
    # a triple of two edits and the positions ignored, in a helper whose `positions` is never read
    ("holdout20", "rope", "learner_01.py", {6: "positions argument is ignored", 25: "- where + belongs"}),
    # holdout26: a catalogued slip with no form in the file (`return ctx`), placed by the edit whose copy answers
    # as the other named slip alone does
    ("holdout26", "cross-attention", "learner_01.py", {18: "memory_mask is True", 28: "as mask-inverted alone"}),
    # annotated assignments (`h: Array_t = silu(u) * g`) edited as plain ones; two names of a line exchanged
    ("holdout26", "swiglu", "learner_02.py", {14: "sigmoid (GLU)", 20: "x @ w_gate"}),
    # a module constant given to a fill (`kMaskedLogit: Final[float] = 0.0`) and to an axis (`kAxis = 0`)
    ("holdout26", "multi-head-attention", "learner_03.py", {7: "-inf", 16: "without the transpose"}),
    ("holdout26", "layer-norm", "learner_02.py", {6: "write `-1` for `0`", 19: "write `eps`"}),
    # np.multiply where np.divide belongs, and a GELU helper returning its gate without z
    ("holdout26", "mlp-gelu", "learner_01.py", {9: "write `divide`", 10: "write `z * phi`"}),
    # the sigmoid approximation of the CDF, beside the activation computed and never read
    ("holdout26", "mlp-gelu", "learner_03.py", {11: "sigmoid approximation", 13: "write `gelu` for `hidden`",
                                                14: "float32"}),
    # LeetCode: a test the wrong way round, a stored key, a returned name, a count above 1 shrunk once
    ("holdout26", "two-sum", "learner_01.py", {13: "one off", 15: "wrong way round"}),
    ("holdout26", "two-sum", "learner_02.py", {10: "is not None", 12: "stores complement as the key"}),
    ("holdout26", "two-sum", "learner_03.py", {9: "two sides swapped", 11: "write `idx`"}),
    ("holdout26", "longest-substring", "learner_01.py", {14: "`if` where `while`", 17: "right - left + 1"}),
    # the positions counted from 1 in a helper; base's default written in a helper that never reads base;
    # batch never passed on, said where its neighbour tokens is read
    ("holdout26", "rope", "learner_03.py", {16: "Positions start at 0"}),
    ("holdout26", "kv-cache-size", "learner_03.py", {15: "never reads batch"}),
    # a count one short in the loop that fills a list, a term in the helper the figure's line calls (two deep), and
    # the 2 of a multiply-add left out of the helper every product's count comes from
    ("holdout26", "attention-cost", "learner_02.py", {8: "layers - 1 where layers belongs"}),
    ("holdout26", "attention-cost", "learner_03.py", {10: "head_dim where tokens belongs", 20: "you returned bits"}),
    ("holdout26", "attention-cost", "learner_01.py", {12: "Half the FLOPs", 29: "one layer's score matrices"}),
    # two catalogued slips said at the one return both values reach, each placed by the edit that leaves the other
    ("holdout26", "kv-cache-size", "learner_01.py", {10: "as kv-no-factor-2 alone", 11: "as kv-mha alone"}),
    # np.power's two arguments the other way round; torch.pow's keyword exponent without its minus sign
    ("holdout26", "alibi", "learner_01.py", {6: "write `np.power(2.0, exponents)`"}),
    ("holdout26", "rope", "learner_02.py", {6: "exponent's sign", 18: "write `first, second`"}),
    # base's default written in a helper two calls below the line the localisation saw, beside the halves
    ("holdout26", "rope", "learner_01.py", {12: "write `base` for `10000.0`", 26: "interleaved"}),
    # a causal mask made by the file's own comparison (where it is made, not where it is filled); the queries'
    # positions counted from 0 in a chunk; torch's default (unbiased) variance inside a helper
    ("holdout26", "transformer-block", "learner_02.py", {35: "wrong triangle", 56: "side by side"}),
    ("holdout26", "kv-cache", "learner_03.py", {27: "wrote into the caches", 37: "bottom-right"}),
    ("holdout26", "layer-norm", "learner_03.py", {8: "unbiased variance", 18: "inside the square root"}),
    # holdout27: an axis written as a local number in a match's branch; an input a class keeps and never reads (w_o,
    # a Linear's b), applied where its method's result leaves the class; a loop over full blocks only
    ("holdout27", "rms-norm", "learner_01.py", {11: "another axis", 14: "(1 + gamma)"}),
    ("holdout27", "cross-attention", "learner_02.py", {14: "without the transpose", 32: "output projection"}),
    ("holdout27", "mlp-gelu", "learner_02.py", {11: "quick GELU", 19: "never uses self.b"}),
    ("holdout27", "flash-attention", "learner_03.py", {18: "partial block", 25: "top-left"}),
    # a cache sliced (a view) in the __call__ of the class the entry hands it to; a lookup's default of 0 beside
    # `if j:`; the axes' order said where the returned array is broadcast
    # (and its RoPE frequencies in the __call__ of the class the one-line entry hands all to, beside a chunk's
    # queries counted from 0: said where the queries' positions are made, up to the end the chunk reaches)
    ("holdout27", "kv-cache", "learner_01.py", {8: "even indices", 38: "wrote into the caches",
                                                45: "write `torch.arange(end - T, end, device=x.device)`"}),
    # a module's triple: the mask made wrong a line above where it is filled, found by tracing the copies' forward
    ("holdout27", "causal-self-attention", "learner_02.py", {25: "write `s1_v`", 29: "write `tril`",
                                                             32: "another axis"}),
    ("holdout27", "two-sum", "learner_03.py", {10: "default of 0", 21: "`j is not None`"}),
    ("holdout27", "alibi", "learner_01.py", {14: "|i - j|", 16: "axes are in another order"}),
    # a calculator: a class's product read as the term (the call's line only carries it), bits read from finfo, an
    # int made a float by a true division; a pipeline's lambdas, where reduce only calls them
    ("holdout27", "kv-cache-size", "learner_02.py", {10: "returned float", 16: "multiply by 2"}),
    ("holdout27", "kv-cache-size", "learner_01.py", {6: "you returned bits", 12: "batch is missing"}),
    ("holdout27", "multi-head-attention", "learner_01.py", {14: "(d // n_heads, n_heads)", 19: "1/sqrt(d_model)"}),
    # holdout28 (read after its blind grading): a mean over the whole array beside eps written as its default; a
    # divisor's quotient out of its parentheses beside a normaliser over the queries; RMSNorm's squares centred
    # beside gamma never read; slopes multiplied by the count where it is the power; a padding mask tiled where each
    # row is repeated; a record's accumulator never rescaled; a loop's row hidden from its own index beside a
    # float64 buffer and KV heads taken modulo; RoPE positions from 0 with a dtype keyword
    ("holdout28", "layer-norm", "learner_03.py", {7: "reduces the whole array", 9: "write `eps`"}),
    ("holdout28", "multi-head-attention", "learner_03.py", {8: "write `(q @ k.transpose(-1, -2)) / (d // n_heads)",
                                                            12: "write `-1` for `-2`"}),
    ("holdout28", "rms-norm", "learner_01.py", {9: "write `operator.mul(x, x)`", 12: "gamma (the scale)"}),
    ("holdout28", "alibi", "learner_01.py", {8: "write `start ** (h + 1)`", 26: "sign"}),
    ("holdout28", "cross-attention", "learner_03.py", {20: "repeat_interleave", 25: "never uses w_o"}),
    ("holdout28", "flash-attention", "learner_01.py", {26: "not the output accumulator", 32: "write `q` for `v`",
                                                       40: "write `cols > rows + (Tk - Tq)`"}),
    ("holdout28", "gqa", "learner_02.py", {11: "default float64", 15: "j % Hkv", 19: "diagonal"}),
    ("holdout28", "kv-cache", "learner_01.py", {13: "absolute positions", 28: "write `-1` for `-2`",
                                                37: "wrote into the caches"}),
    # rows folded as x.reshape(-1, d) read against the steps; a bias added after GELU beside sqrt(2 / pi) in erf; a
    # step left out (the pre-activation projected) mended where it is read, beside erf(z) / sqrt(2)
    ("holdout28", "layer-norm", "learner_02.py", {9: "unbiased variance", 10: "is left out"}),
    ("holdout28", "mlp-gelu", "learner_02.py", {11: "sqrt(2 / pi)", 15: "write `_gelu(x @ w1 + b1)`"}),
    ("holdout28", "mlp-gelu", "learner_03.py", {7: "write `math.erf(z / math.sqrt(2.0))`", 13: "write `act`"}),
    # LeetCode: a complement stored as the key; a helper's two arguments exchanged beside `if j > 0:`
    ("holdout28", "two-sum", "learner_01.py", {10: "write `x` for `target - x`"}),
    ("holdout28", "two-sum", "learner_02.py", {21: "write `j >= 0`", 23: "write `_remember(seen, value, i)`"}),
    # calculators: the heads counted twice in a product's tuple beside a multiply-add counted once; batch left out
    # where tokens are counted; the sines and cosines side by side beside log10 for ln
    ("holdout28", "attention-cost", "learner_03.py", {10: "Half the FLOPs", 11: "write `(layers,)`"}),
    ("holdout28", "kv-cache-size", "learner_01.py", {7: "returned float", 8: "batch"}),
    ("holdout28", "sinusoidal", "learner_01.py", {9: "e^4", 21: "sines in the first half"}),
    # the rotated keys left unexplained at the line that makes them (RoPE's frequencies over d where d_head belongs,
    # d unpacked from x.shape inside a pair), the cache made from them not read as a triangle of its own
    ("holdout28", "kv-cache", "learner_03.py", {8: "write `dh` for `d`", 21: "diagonal"}),
    # the positions in the sorted order returned through sorted(...), beside a right pointer one short
    ("holdout28", "two-sum", "learner_03.py", {7: "write `len(order) - 1`", 11: "sorted copy of nums"}),
    # a module's MLP fed the raw stream (norm2 made and never applied) beside ReLU for GELU
    ("holdout28", "transformer-block", "learner_01.py", {26: "uses ReLU", 30: "ln2 never applied"}),
    # holdout29 (read after its blind grading): a counter stored where the loop's index belongs (Greek names)
    ("holdout29", "longest-substring", "learner_03.py", {9: "write `ω` for `α`"}),
])
def test_each_cause_is_said_at_its_line_in_other_corpora(tmp_path, corpus, drill, name, lines):
    path = Path(__file__).parent / "data" / corpus / drill / name
    _at_lines(grade(tmp_path, drill, path.read_text())["diagnosis"], lines)


def test_an_argument_left_unread_is_said_where_a_helper_writes_its_default():
    """holdout26 rope/01: the localisation sees base ignored at the call `_angles(T, d, positions, base, ...)`; the
    helper it calls never reads base and writes 10000.0: said there, the call named beside it."""
    from studyxf.grading.judge import slip_code

    source = (Path(__file__).parent / "data" / "holdout26" / "rope" / "learner_01.py").read_text()
    call = source.splitlines()[17].strip()
    said = slip_code.placed([{"mistake": "located", "verified": True, "comparator": "base-ignored", "line": 18,
                              "code": call, "message": f"line 18: `{call}`: the argument base is not used "
                                                       f"{slip_code.ASKED}"}], source)
    assert said[0]["line"] == 12
    assert said[0]["message"].startswith(f"line 12: `theta = 10000.0 ** (-i / d)`, called at line 18: `{call}`")
    assert "line 12 writes base's default" in said[0]["message"]


def test_a_pair_that_moves_one_term_is_no_second_cause(tmp_path):
    """holdout3 attention-cost/h03 (layers multiplied into the memory) and kv-cache-size/h03 (n_heads for n_kv_heads):
    the named slip's line edited to another term (`layers` made `batch`) and that term taken out at another line mend
    every case together; that moves one term, and the second line is no slip: one cause, at its own line (kv-cache-size's
    at the line that writes n_heads, the manifest's)."""
    for drill, name, line in (("attention-cost", "h03.py", 8), ("kv-cache-size", "h03.py", 7)):
        path = Path(__file__).parent / "data" / "holdout3" / drill / name
        said = grade(tmp_path, drill, path.read_text())["diagnosis"]
        assert [d.get("line") for d in said if d.get("verified")] == [line], said


def test_the_code_rules_out_every_query_head_cached_where_it_multiplies_the_kv_heads(tmp_path):
    """holdout25 kv-cache-size/01: `number_of_key_value_heads = config["n_kv_heads"]` is multiplied in; its d_head
    from the KV heads gives the full multi-head size, which "you cached every query head" fitted by value."""
    path = Path(__file__).parent / "data" / "holdout25" / "kv-cache-size" / "learner_01.py"
    said = grade(tmp_path, "kv-cache-size", path.read_text())["diagnosis"]
    assert not any(d["mistake"] == "kv-mha" for d in said), said


def test_a_promotion_the_edits_leave_out_is_no_cause_of_its_own(tmp_path):
    """holdout25 multi-head-attention/02: `out = (p @ v_h) @ w_o[sl]` overwrites the float32 `out` with float64
    (np.sqrt(dh) promotes); `out += ...`, the fix, casts back into it, so the copy the edits mend answers float32."""
    path = Path(__file__).parent / "data" / "holdout25" / "multi-head-attention" / "learner_02.py"
    said = grade(tmp_path, "multi-head-attention", path.read_text())["diagnosis"]
    assert not any(d["mistake"] == "dtype-promoted" for d in said), said
    assert {d.get("line") for d in said} == {14, 25}, said


def test_a_root_taken_twice_is_one_cause_not_a_catalogued_slip_beside_an_edit(tmp_path):
    """holdout10 rms-norm/03: `ms = ...mean(-1).sqrt()` then rsqrt(ms + eps). Dropping the .sqrt() mends every
    case; an rsqrt edit at the next line left values that fit eps-outside-sqrt, a cause the file does not have."""
    path = Path(__file__).parent / "data" / "holdout10" / "rms-norm" / "learner_03.py"
    said = grade(tmp_path, "rms-norm", path.read_text())["diagnosis"]
    assert not any(d["mistake"] == "rms-eps-outside-sqrt" for d in said), said
    assert [d["line"] for d in said if d["verified"]] == [5]


def test_two_lines_alike_only_where_each_reads_its_own_input(tmp_path):
    """holdout19 softmax-triton/03: `e = tl.where(in_row, tl.exp(shifted), 1.0)` then `y = tl.exp2(shifted) /
    tl.sum(e)`: two locals, not two inputs made alike (k64 = tile(k), v64 = repeat(v)); the second line written
    as the first was verified into "never divided by their sum", which the learner's line does."""
    path = Path(__file__).parent / "data" / "holdout19" / "softmax-triton" / "learner_03.py"
    said = grade(tmp_path, "softmax-triton", path.read_text())["diagnosis"]
    assert not any(d["mistake"] == "softmax-not-normalised" for d in said), said
