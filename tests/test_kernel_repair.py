"""A Triton kernel's second cause (issue 44, item 2, kernel_repair.py): the line the localisation
named mended by one edit there, the kernel localised again on that copy, and both edits said where
together they mend every case. On files of the blind corpora: scores scaled twice beside a key loop
that steps by BLOCK_M, q divided by the scale beside an inverted rescale factor (every output wrong
however right the scores, so the copy is judged by where its values leave the steps), and a tile's
column read from the wrong count beside a K loop one tile short. And the
sandbox runs an edited copy's kernel as edited (Triton's interpreter reads a kernel's source through
linecache: the file on disk, unless the copy's lines are put there)."""

from pathlib import Path

import pytest

from tests.drill_helpers import grade
from tests.test_kernels import needs_triton

pytestmark = [needs_triton, pytest.mark.filterwarnings("ignore::RuntimeWarning")]

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def interpreter(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "1")


@pytest.mark.parametrize("corpus, name, lines", [
    ("holdout12", "learner_04.py", {27: "scaled twice", 22: "write `BLOCK_N` for `BLOCK_M`"}),
    ("holdout9", "learner_01.py", {18: "write `q_tile * scale` for `q_tile / scale`",
                                   35: "write `run_max - safe_max` for `safe_max - run_max`"}),
    # v's pointers advanced by BLOCK_N elements where rows belong, and a causal loop ending where the
    # diagonal tile starts: the copy mended at 44 loads no diagonal key, at the loop whose bound is set at 28
    ("holdout13", "learner_03.py", {44: "v's tile holds keys 1..4", 28: "write `(tile + 1) * BLOCK_M`"}),
    # T // BLOCK_M query tiles, beside a running sum not rescaled: the grid's copy fits the catalogued slip
    ("holdout13", "learner_01.py", {47: "rows 16..19 of 20", 32: "The running sum is not rescaled"}),
])
def test_both_causes_of_a_double_slip_in_a_kernel_are_said_at_their_lines(tmp_path, corpus, name, lines):
    _at_lines(tmp_path, corpus, "flash-attention-triton", name, lines)


def test_a_grid_left_partly_unwritten_is_mended_where_a_program_finds_its_tile(tmp_path):
    # holdout13: pid % num_m where num_n belongs (a 1-D grid split into tiles), beside a K loop of K // BLOCK_K
    # tiles: the grid named first, then the K loop mended, and the edit that mends the rest sought on the
    # lines that map a program to its tile, with it
    _at_lines(tmp_path, "holdout13", "matmul-triton", "learner_03.py",
              {20: "never loaded", 13: "write `num_n` for `num_m`"})


def test_lanes_zeroed_by_a_where_after_the_load_are_said_at_the_where(tmp_path):
    # holdout13: `other=0.0` at the load and `tl.where(inside, x, 0.0)` a line below: the where decides the
    # lanes (other=-inf at the load alone would change nothing), beside a grid of M - 1 programs
    _at_lines(tmp_path, "holdout13", "softmax-triton", "learner_03.py",
              {12: "fills the lanes its mask turns off with 0 (tl.where)", 22: "grid launches"})


def _at_lines(tmp_path, corpus, drill, name, lines) -> list[dict]:
    report = grade(tmp_path, drill, (DATA / corpus / drill / name).read_text())
    assert report["status"] == "fail"
    for line, text in lines.items():
        at = [d for d in report["diagnosis"] if d.get("line") == line]
        assert any(text in (d.get("message") or "") for d in at) and all(d["verified"] for d in at), \
            (line, [(d.get("line"), (d.get("message") or "")[:120]) for d in report["diagnosis"]])
    return report["diagnosis"]


KERNEL = '''import torch
import triton
import triton.language as tl


@triton.jit
def twice(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, x * 2.0, mask=offs < n)


def run(x):
    out = torch.empty_like(x)
    twice[(1,)](x, out, x.numel(), BLOCK=16)
    return out
'''


def test_an_edited_copys_kernel_runs_as_edited_and_the_files_own_as_written(tmp_path):
    import torch

    from studyxf.grading.sandbox.fresh import Server

    path = tmp_path / "learner.py"
    path.write_text(KERNEL)
    namespace = {"__name__": "submission", "__file__": str(path)}
    exec(compile(KERNEL, str(path), "exec"), namespace)  # noqa: S102 - the test's own kernel
    server = Server(namespace["run"], "torch", str(path), "run", resolve=lambda ns: (ns["run"], None))
    x = torch.ones(4)
    from studyxf.grading import wire

    def ask(op, **extra):
        answer = server.answer({"op": op, "args": [wire.encode_input(x)], "kwargs": {}, **extra})
        return wire.decode(answer["ok"]).values.tolist()

    assert ask("call") == [2.0] * 4
    assert ask("patched", source=KERNEL.replace("x * 2.0", "x * 3.0")) == [3.0] * 4
    assert ask("call") == [2.0] * 4  # the file's own kernel, as written, afterwards


@needs_triton
def test_a_causal_loop_bound_set_above_the_loop_is_said_where_it_is_set(tmp_path):
    """`hi = pid_m * BLOCK_M` two lines above `for start_n in range(0, hi, BLOCK_N)`: the keys of each query's own
    tile are never loaded, which the localisation sees at the loop; the one edit that mends it is at the bound,
    so the cause is said there, with the fix (the copies of the loop's line alone ran for 19 s and found none)."""
    from tests.data import kernel_submissions as ks
    from tests.data import triton_slips as ts

    source = ks.edit("flash-attention-triton", *ts.SLIPS[("flash-attention-triton", ts.SHORT, 1)])
    report = grade(tmp_path, "flash-attention-triton", source)
    assert len(report["diagnosis"]) == 1, report["diagnosis"]
    said = report["diagnosis"][0]
    assert said["verified"] and said["code"].startswith("hi = pid_m * BLOCK_M"), said
    assert "write `(pid_m + 1) * BLOCK_M`" in said["message"] and "never loaded" in said["message"], said["message"]


def test_a_store_through_the_inputs_pointer_is_said_at_the_store_and_the_right_grid_is_not_blamed(tmp_path):
    # the output left unwritten comes from the store through X, not from the launch; the max not subtracted
    # is said where z copies x (holdout15's softmax-triton/learner_01)
    report = grade(tmp_path, "softmax-triton", (DATA / "holdout15" / "softmax-triton" / "learner_01.py").read_text())
    said = report["diagnosis"]
    assert any(d["mistake"] == "input-modified" and d.get("line") == 13 for d in said), said
    assert any(d.get("line") == 13 and "write `Y` for `X`" in (d.get("message") or "") for d in said), said
    assert any(d["mistake"] == "no-max-subtraction" and d.get("line") == 11 for d in said), said
    assert not any("your grid launches" in (d.get("message") or "") for d in said), said


@pytest.mark.parametrize("name, lines", [
    # rows stepped by BLOCK where the row stride belongs: said where the row's start is made, not at the load
    # (and no second entry for the reads past the end that the same step makes), beside exp2 where exp belongs
    ("learner_02.py", {10: "`row_start = row_idx * BLOCK` makes the addresses", 14: "to the power 0.693147"}),
    # the row read from grid axis 1: mended as said, the copy shows a block sized from the rows, narrower than a row
    ("learner_01.py", {8: "read tl.program_id(0)", 25: "has 8 lanes, fewer than a row's 20 columns"}),
])
def test_a_softmax_kernel_s_causes_beside_a_misread_row_or_axis_are_said_at_their_lines(tmp_path, name, lines):
    _at_lines(tmp_path, "holdout16", "softmax-triton", name, lines)


@pytest.mark.parametrize("name, lines", [
    # a grid of one program (its size tried as the shape's rows) beside a max made and never subtracted
    ("learner_02.py", {28: "your grid launches 1 program", 14: "Subtract the row's max"}),
    # a helper's lanes that never step by the column stride it is given (the transposed case), beside the lanes
    # past the row loaded as 0
    ("learner_04.py", {10: "never uses col_stride", 18: "fills the lanes its mask turns off with 0"}),
    # exp2 for exp beside `out = torch.empty_like(x); x = x.contiguous()`: the output takes a transposed input's
    # layout, the kernel writes rows (the two steps in the other order)
    ("learner_01.py", {12: "to the power 0.693147", 17: "makes these two steps in the other order"}),
])
def test_a_softmax_kernel_s_second_cause_is_sought_past_the_grid_and_in_a_helper(tmp_path, name, lines):
    _at_lines(tmp_path, "holdout18", "softmax-triton", name, lines)


@pytest.mark.parametrize("name, lines", [
    # K offsets from 1 (column 0 never loaded: said where the offsets start, not at the loop) beside N's grid from M
    ("learner_01.py", {29: "columns 16..71 of 72 are never written", 16: "its offsets start past 0"}),
    # a K loop of K // BLOCK_K whose loads a helper makes (the loop around the helper's call), a float32 output, and
    # a grid launched (N tiles, M tiles)
    ("learner_02.py", {25: "the loop at line 25", 37: "float32 where the input is float64", 40: "never written"}),
    # a grid rounded down and a's strides passed as K, 1 (a packed a): each one edit of the launch
    ("learner_03.py", {38: "your grid launches 0 programs", 39: "write `a.stride(0), a.stride(1)` for `K, 1`"}),
    # the column offsets from pid_m (shared stores: said where the offsets read the other axis's id), beside b's
    # pointers advanced by its column stride
    ("learner_04.py", {13: "reads pid_m where pid_n belongs", 23: "makes the addresses"}),
])
def test_a_matmul_kernel_s_causes_in_helpers_launches_and_offsets_are_said_at_their_lines(tmp_path, name, lines):
    _at_lines(tmp_path, "holdout18", "matmul-triton", name, lines)


def test_a_grid_over_the_heads_alone_is_found_on_the_case_with_a_batch(tmp_path):
    """holdout18 flash-attention-triton/02: grid (cdiv(T, BLOCK_M), H), so batch 1 is never written; the smallest
    case (B = 1) is covered, the case with two batches is traced for the grid; exp2 without log2(e) beside, said
    where the wrapper makes the scale it passes (`qk_scale = D ** -0.5`: no log2(e) written anywhere)."""
    _at_lines(tmp_path, "holdout18", "flash-attention-triton", "learner_02.py",
              {52: "(at index [1, 0] of the leading axes) are never written", 53: "to the power 0.693147"})


@pytest.mark.parametrize("drill, name, lines", [
    # a two-pass kernel (a row-max kernel, then sums under that max): its values held against the steps of both
    # passes, so the sum over the query axis is said where it is written, and mended there
    ("flash-attention-triton", "learner_01.py", {48: "write `-1` for `0`"}),
    # exp2 with the scale alone (log2(e) folded into the kernel's `* scale`), beside a causal loop ending at its
    # own tile's start
    ("flash-attention-triton", "learner_02.py", {27: "to the power 0.693147", 22: "write `(start_m + 1) * BLOCK_M`"}),
    # padded keys scored 0 by a tl.where three lines above the running sum they first show in, beside an
    # accumulator never rescaled
    ("flash-attention-triton", "learner_04.py", {27: "write `float(\"-inf\")` for `0.0`",
                                                 34: "accumulator is not rescaled"}),
    # the sum of the logits behind a grid one row short: sought with the grid's edit, on the lines searched alone
    ("softmax-triton", "learner_04.py", {29: "write `n_rows` for `n_rows - 1`", 15: "write `e` for `x`"}),
    # a row's start stepped by n_cols two lines above the pointers the load reads, beside exp2 for exp
    ("softmax-triton", "learner_03.py", {9: "makes the addresses", 15: "to the power 0.693147"}),
])
def test_kernel_causes_behind_two_passes_a_grid_or_named_pointers_are_said_at_their_lines(tmp_path, drill, name,
                                                                                           lines):
    _at_lines(tmp_path, "holdout23", drill, name, lines)


@pytest.mark.parametrize("drill, name, lines", [
    # a persistent kernel storing two column tiles: its loads judged against the tile they are loaded for, so the
    # accumulator overwritten each K step is named, not a load said to read the first tile's columns
    ("matmul-triton", "learner_02.py", {23: "Only the last K block's product is kept"}),
    # a grid-stride loop one row short: said at the loop, not at a grid that launches enough programs
    ("softmax-triton", "learner_04.py", {12: "grid-stride loop"}),
    # the grid's axes swapped: lanes past a row's end that run on into the next row are no store's lanes, so the
    # grid is said, not the store's mask
    ("matmul-triton", "learner_03.py", {32: "your grid launches"}),
    # the accumulator updated without the factor the running sum is rescaled by
    ("flash-attention-triton", "learner_04.py", {38: "without rescaling it by alpha"}),
    # a persistent loop over query tiles one short, beside the keys past T scored 0 by their own tl.where
    ("flash-attention-triton", "learner_02.py", {17: "write `n_tiles` for `n_tiles - 1`", 28: "keys past T"}),
])
def test_persistent_kernels_and_lanes_past_a_row_are_read_as_such(tmp_path, drill, name, lines):
    said = _at_lines(tmp_path, "holdout24", drill, name, lines)
    assert not any(d.get("comparator") in ("kernel-misread", "store-mask") for d in said), said


def test_exp2_given_the_bare_scale_is_said_at_the_launch_beside_a_running_sum_never_rescaled(tmp_path):
    # holdout24: the kernel multiplies by the `scale` it is given, which the launch makes as D ** -0.5 (log2(e) left
    # out); the copy with log2(e) folded in fits the catalogued running sum not rescaled, sought before any other line
    _at_lines(tmp_path, "holdout24", "flash-attention-triton", "learner_01.py",
              {50: "to the power 0.693147", 35: "running sum is not rescaled"})


@pytest.mark.parametrize("name, lines", [
    # holdout25: a query tile started at its program id (`pid_m + tl.arange(0, BLOCK_M)`), beside the scores never
    # scaled: the tile's start, not a grid that launches enough programs, and the scale at the one product line
    ("learner_02.py", {11: "write `pid_m * BLOCK_M`", 23: "Scores not scaled"}),
    # each (batch, head) offset by one row (`bh * stride_t`): heads overlapping in a 4-axis output, said at the
    # offset, not at the launch
    ("learner_01.py", {34: "the tiles overlap"}),
])
def test_a_program_s_offset_is_said_where_it_is_made_not_at_the_grid(tmp_path, name, lines):
    said = _at_lines(tmp_path, "holdout25", "flash-attention-triton", name, lines)
    assert not any(d.get("comparator") == "not-covered" for d in said), said


@pytest.mark.parametrize("drill, name, lines", [
    # a store's mask one lane short (told apart from the grid) beside a row max made and never subtracted: the pair of
    # the mask's edit and the one the code shows
    ("softmax-triton", "learner_03.py", {11: "the store's mask is off", 15: "never subtracts row_max"}),
    # a max over axis 0 of a (1, BLOCK) tile, beside an output allocated float32: the kernel's reductions searched
    # where no entry sees into the kernel
    ("softmax-triton", "learner_04.py", {13: "write `-1` for `0`", 23: "float32"}),
    # K's last column masked off (the steps' lanes reach it: the load's mask, not the loop), beside acc overwritten
    ("matmul-triton", "learner_02.py", {20: "the mask of the load", 22: "Only the last K block"}),
    # a grid sized by floor division, beside an output allocated float32, which the values alone could not show
    ("matmul-triton", "learner_04.py", {31: "your grid launches 0 programs", 29: "gives a float32 output"}),
])
def test_a_second_kernel_cause_the_code_or_the_dtype_shows_is_said_at_its_line(tmp_path, drill, name, lines):
    _at_lines(tmp_path, "holdout25", drill, name, lines)


@pytest.mark.parametrize("drill, name, lines", [
    # lanes past a row loaded as 0 (other=0.0), beside a column stride passed as 1: the launch's argument for the
    # stride the named load reads is searched with the load's own edits
    ("softmax-triton", "learner_01.py", {13: "fills the lanes its mask turns off with 0", 24: "write `x.stride(1)`"}),
    # a max written as 0.0 and subtracted, beside the lanes set aside given 1 in the sum: the where feeding the sum
    # is searched again once the max's edit is made
    ("softmax-triton", "learner_04.py", {14: "write `tl.max(x, axis=0)`", 15: "write `0.0` for `1.0`"}),
    # query tiles counted with block_n (a size from next_power_of_2), beside the output accumulator not rescaled
    ("flash-attention-triton", "learner_02.py", {48: "write `block_m` for `block_n`", 34: "not rescaled"}),
])
def test_kernel_causes_beside_a_launch_argument_or_a_number_for_a_max_are_said_at_their_lines(tmp_path, drill, name,
                                                                                              lines):
    _at_lines(tmp_path, "holdout26", drill, name, lines)


@pytest.mark.parametrize("drill, name, lines", [
    # padding keys kept by a mask bound by the tile's own end: the line that binds the where's condition is searched,
    # beside the accumulator not rescaled
    ("flash-attention-triton", "learner_03.py", {27: "write `T` for `start_n + BLOCK_N`", 36: "without rescaling"}),
    # a flat program id split by the row tiles' count (as many programs as tiles, four of them writing nothing),
    # beside a's column stride assumed 1
    ("matmul-triton", "learner_03.py", {10: "as many as the output's 5 tiles", 19: "where a[0, 1] belongs"}),
])
def test_a_mask_s_condition_and_a_flat_id_split_by_the_wrong_count_are_said_at_their_lines(tmp_path, drill, name,
                                                                                          lines):
    _at_lines(tmp_path, "holdout27", drill, name, lines)


def test_a_k_tile_never_advanced_is_mended_first_beside_an_accumulator_overwritten(tmp_path):
    # holdout28: `rk` in a's load where `ks = k0 + rk` belongs (every K step reads the first tile), beside
    # `acc = tl.dot(...)` in the loop
    _at_lines(tmp_path, "holdout28", "matmul-triton", "learner_01.py",
              {17: "where a[0, 16] belongs", 21: "Only the last K block's product is kept"})


def test_values_loaded_through_an_address_never_read_are_mended_beside_a_padding_compare(tmp_path):
    # holdout28: `v_base = v_ptr + ...` made and never read, v loaded from k_base, beside `k_rows <= T`
    _at_lines(tmp_path, "holdout28", "flash-attention-triton", "learner_04.py",
              {26: "write `v_base` for `k_base`", 28: "write `k_rows[None, :] < T`"})


def test_an_epilogue_reading_a_buffer_without_the_offset_it_was_stored_at_is_named(tmp_path):
    # holdout28: the row sums stored at `l_ptr + bh * T + rows`, read back by the epilogue at `l_ptr + rows`,
    # beside a row sum taken over the queries
    _at_lines(tmp_path, "holdout28", "flash-attention-triton", "learner_02.py",
              {37: "write `-1` for `0`", 52: "where flash_kernel stored to l_ptr + bh * T + rows"})


def test_a_chunked_loop_made_one_pass_by_its_launch_is_no_cause(tmp_path):
    # holdout28 softmax-triton/03: the chunks' running sum never rescaled; CHUNK=BLOCK at the launch makes the row
    # one chunk and so passes, which sidesteps the slip: it was said as the cause
    report = grade(tmp_path, "softmax-triton", (DATA / "holdout28" / "softmax-triton" / "learner_03.py").read_text())
    assert report["status"] == "fail"
    assert not any(d.get("line") == 32 for d in report["diagnosis"]), report["diagnosis"]
