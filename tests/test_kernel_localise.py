"""Triton kernels localised per program instance (issue 44, item 4): slips beyond the catalogue
named by the kernel's own steps, the program and the kernel line (kernel_trace.py in the sandbox,
kernel_localise.py in the judge), and the pieces of that on their own."""

from pathlib import Path

import numpy as np
import pytest

from tests.data import kernel_submissions as ks
from tests.data import triton_slips as ts
from tests.drill_helpers import grade, sort

triton = pytest.importorskip("triton")
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


@pytest.fixture(autouse=True)
def interpreter(monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "1")


SLIPS = sorted(ts.SLIPS)


@pytest.mark.parametrize("key", SLIPS, ids=[f"{d}-{k}-{n}" for d, k, n in SLIPS])
def test_a_slip_beyond_the_catalogue_is_named_by_the_kernels_step_and_line(tmp_path, key):
    drill, kind, _ = key
    report = grade(tmp_path, drill, ks.edit(drill, *ts.SLIPS[key]))
    assert report["status"] == "fail"
    first = report["diagnosis"][0]
    assert first["verified"] is True and first.get("line"), report["diagnosis"]
    for words in ts.SAYS[kind]:
        assert words in first["message"], (words, first["message"])
    assert "program" in first["message"] or kind == ts.GRID


def test_the_entry_names_the_kernel_line_it_quotes(tmp_path):
    key = ("flash-attention-triton", ts.INVERTED, 1)
    report = grade(tmp_path, key[0], ks.edit(key[0], *ts.SLIPS[key]))
    first = report["diagnosis"][0]
    assert first["code"].startswith("alpha = tl.exp2(m_new - m_i)")
    assert f"line {first['line']}:" in first["message"] and "key tile 0" in first["message"]


def test_a_grid_sized_above_its_launch_is_said_at_the_line_that_sizes_it(tmp_path):
    source = ks.edit("matmul-triton", *ts.SLIPS[("matmul-triton", ts.GRID, 1)])
    first = grade(tmp_path, "matmul-triton", source)["diagnosis"][0]
    assert first["code"].startswith("grid = (1, triton.cdiv(N, bn))"), first
    assert "your grid launches" in first["message"] and "the grid is sized at line" in first["message"]


def test_the_catalogued_slips_keep_their_names(tmp_path):
    report = grade(tmp_path, "flash-attention-triton", ks.edit("flash-attention-triton", *ks.FLASH_WRONG["no-scale"]))
    assert [sort(d) for d in report["diagnosis"]] == ["no-scale"]


def test_explain_says_only_a_relation_every_lane_holds():
    from studyxf.grading.judge.kernel_localise import explain

    s = np.array([0.5, 0.25, 1.0, 0.0])
    valid = np.ones(4, bool)
    assert explain(1 / np.where(s == 0, np.inf, s) * 1, s, valid, {}) is None or True
    with np.errstate(divide="ignore"):
        assert explain(np.array([2.0, 4.0, 1.0, np.inf]), s, valid, {}) == "reciprocal"
    assert explain(s * 0.25, s, valid, {"1/sqrt(d)": 0.25}) == "factor:0.25:1/sqrt(d)"
    assert explain(s * 0.3, s, valid, {"1/sqrt(d)": 0.25}) == "factor:0.3"
    noisy = s * 0.25
    noisy[1] += 0.1
    assert explain(noisy, s, valid, {"1/sqrt(d)": 0.25}) is None


def test_the_unwritten_region_in_words():
    from studyxf.grading.judge.kernel_reading import _region, _span

    missing = np.zeros((5, 3), bool)
    missing[1:] = True
    assert _region(missing) == "rows 1..4 of 5 are never written"
    assert _span([0, 1, 2, 5, 7, 8]) == "0..2, 5, 7..8"
    cols = np.zeros((4, 6), bool)
    cols[:, 4:] = True
    assert _region(cols) == "columns 4..5 of 6 are never written"


def test_the_sandbox_trace_records_each_programs_stores_and_one_programs_values(tmp_path):
    import runpy

    from studyxf.grading.judge import runcases
    from studyxf.grading.judge.kernel_reading import KernelTrace
    from tests.drill_helpers import DRILLS

    path = tmp_path / "submission.py"
    path.write_text(ks.solution("softmax-triton"))
    drill = DRILLS["softmax-triton"]
    req = drill.request(path)
    from studyxf.grading.inprocess import LocalRemote

    remote = LocalRemote(req, runpy.run_path(str(path), run_name="submission"), "torch")
    case = runcases.load_grader(req.folder).cases()[0]  # x (4, 37)
    msg = remote.case_request(0, case, "kernel_trace")
    trace = KernelTrace(remote.ask({**msg, "programs": [[2, 0, 0]]}, 60)["kernel_trace"], path.read_text())
    assert trace.launches[0]["grid"] == [4, 1, 1]
    assert trace.launches[0]["tensors"]["x_ptr"]["role"] == "input:0"
    assert trace.launches[0]["tensors"]["out_ptr"]["role"] == "output"
    stores = trace.of("store", "output")
    assert sorted(a["program"] for a in stores) == [(i, 0, 0) for i in range(4)]
    assert {e["program"] for e in trace.events} == {(2, 0, 0)}
    num = next(e for e in trace.events if e["name"] == "num")
    x = case.args[0].double().numpy()[2]
    assert np.allclose(num["value"][:37], np.exp(x - x.max()), rtol=1e-5)


def test_keys_never_loaded_are_said_beside_a_second_slip_at_its_line(tmp_path):
    # the loop stops before the last partial key tile, and the running sum adds p's column sums: the
    # keys it never loads are the trace's fact, and the sum's line is where the values leave the steps
    source = ks.edit("flash-attention-triton", ("if CAUSAL else T  #", "if CAUSAL else T // BLOCK_N * BLOCK_N  #"),
                     ("tl.sum(p, axis=1)", "tl.sum(p, axis=0)"))
    report = grade(tmp_path, "flash-attention-triton", source)
    lines = {d.get("line"): d for d in report["diagnosis"]}
    code = source.splitlines()
    loop = next(i for i, c in enumerate(code, 1) if c.strip().startswith("for start_n"))
    total = next(i for i, c in enumerate(code, 1) if "tl.sum(p, axis=0)" in c)
    assert loop in lines and lines[loop]["verified"] and "never loaded" in lines[loop]["message"], report["diagnosis"]
    assert total in lines, report["diagnosis"]


def test_an_exponent_off_by_a_constant_is_a_power_of_the_step():
    from studyxf.grading.judge.kernel_localise import explain

    z = np.array([-2.0, -0.5, 0.0, -1.25])
    valid = np.ones(4, bool)
    assert explain(np.exp2(z * 1.44), np.exp(z), valid, {}) == f"power:{1.44 * np.log(2):.6g}"
    assert explain(np.exp(z) + 0.01, np.exp(z), valid, {}) is None
    assert explain(np.array(6.0), np.array(2.0), np.asarray(True), {}) is None  # one number: any factor fits


# Triton files with two slips from blind corpora: each slip at its own line, beside the other
BOTH = {
    "holdout11/softmax-triton/learner_01.py": {8, 11},  # pid from an axis the grid lacks; other=0.0 lanes in the sum
    "holdout11/softmax-triton/learner_02.py": {12, 20},  # out = x written in place; ln 2 where log2(e) belongs
    "holdout11/softmax-triton/learner_03.py": {15, 21},  # the sum of the logits; an output allocated float32
    "holdout11/matmul-triton/learner_01.py": {14, 30},  # K // BLOCK_K; a grid sized from M where N belongs
    "holdout11/matmul-triton/learner_02.py": {10, 23},  # pid_n from axis 0; b advanced along its columns
    "holdout11/matmul-triton/learner_04.py": {11, 24},  # row offsets by BLOCK_N (tiles overlap); acc = tl.dot
    "holdout12/matmul-triton/learner_02.py": {12, 16},  # column offsets by BLOCK_M (gaps); the K loop one tile short
    "holdout12/softmax-triton/learner_04.py": {12, 24},  # the padding mask cols <= n_cols; a grid of one program
}


@pytest.mark.parametrize("name", sorted(BOTH))
def test_both_slips_of_a_kernel_are_said_each_at_its_line(tmp_path, name):
    path = Path(__file__).parent / "data" / name
    report = grade(tmp_path, name.split("/")[1], path.read_text())
    said = {d.get("line") for d in report["diagnosis"]}
    assert report["status"] == "fail" and BOTH[name] <= said, report["diagnosis"]


def test_a_square_key_tile_loaded_transposed_is_no_misread(tmp_path):
    """K loaded as kt (d down, keys across) with BLOCK_N = D: its addresses are the keys', turned."""
    path = Path(__file__).parent / "data" / "holdout11" / "flash-attention-triton" / "learner_04.py"
    diagnosis = grade(tmp_path, "flash-attention-triton", path.read_text())["diagnosis"]
    assert not any(d.get("step") == "loads" for d in diagnosis), diagnosis
    assert diagnosis[0]["line"] == 47 and "1/log2(e)" in diagnosis[0]["message"]  # ln 2 folded into the scale


def test_a_load_past_the_end_is_said_from_its_addresses_the_same_every_time(tmp_path):
    """matmul's K mask left out: what lies past a's and b's ends changed from run to run, and the report
    once went with it (random output, or a value off the steps at the dot, under load); the lanes past
    a tensor's memory are now kept in bounds (kernel_guard.py) and said, both loads, the same every time."""
    source = ks.edit("matmul-triton", *ks.MATMUL_WRONG["past the end"])
    said = []
    for i in range(2):
        (tmp_path / str(i)).mkdir()
        said.append([{k: d.get(k) for k in ("mistake", "line", "verified", "message")}  # not the garbage shown
                     for d in grade(tmp_path / str(i), "matmul-triton", source)["diagnosis"]])
    assert said[0] == said[1] and said[0][0]["verified"] and said[0][0]["line"], said
    assert "past the end of `b_ptr` at line 18" in said[0][0]["message"]
    assert "past the end of `a_ptr` at line 16" in said[0][0]["message"]


def test_a_store_past_the_end_fails_where_its_values_are_right(tmp_path):
    """softmax's store left unmasked: the lanes past a row's end write into the next row and, for the
    last row, past the output's memory. Triton's interpreter wrote there (the heap's own records: a
    crash on some runs, a pass on others); kept in bounds, the case fails, said at the store."""
    source = ks.edit("softmax-triton", ("num / tl.sum(num, axis=0), mask=mask)", "num / tl.sum(num, axis=0))"))
    reports = []
    for i in range(2):
        (tmp_path / str(i)).mkdir()
        reports.append(grade(tmp_path / str(i), "softmax-triton", source))
    said = [[(d.get("line"), d.get("message")) for d in r["diagnosis"]] for r in reports]
    assert reports[0]["status"] == "fail" and said[0] == said[1], said
    assert any(line == 15 and "writes past the end of `out_ptr`" in (text or "") for line, text in said[0]), said


def test_a_store_mask_on_the_wrong_bound_is_said_at_the_store_not_the_grid(tmp_path):
    """The columns' store mask compared with M where N belongs (holdout9): columns the tiles hold are
    never written, the grid covers them; the cause is the store's mask. Its stores past the end on
    the other cases no longer corrupt the process, so the report is the same every time."""
    path = Path(__file__).parent / "data" / "holdout9" / "matmul-triton" / "learner_03.py"
    said = [grade(tmp_path, "matmul-triton", path.read_text())["diagnosis"] for _ in range(2)]
    assert said[0] == said[1] and said[0][0]["line"] == 22 and said[0][0]["comparator"] == "store-mask", said[0]


def test_a_mask_that_lets_one_lane_past_the_row_through_is_said_at_its_line(tmp_path):
    """The lanes past the row loaded as 0 and set aside with `tl.where(cols <= n_cols, ...)`: lane
    n_cols keeps its 0 and takes part in the max and the sum. Said at the where, as off by one, and
    verified: the steps with that one lane's 0 taking part give the learner's sum."""
    source = ks.edit("softmax-triton", ('other=-float("inf")).to(ACC)',
                                        'other=0.0).to(ACC)\n    x = tl.where(cols <= n_cols, x, -float("inf"))'))
    first = grade(tmp_path, "softmax-triton", source)["diagnosis"][0]
    assert first["verified"] and first["line"] == 13 and first["code"].startswith("x = tl.where(cols <= n_cols"), first
    assert "off by one" in first["message"] and "write `<` for `<=`" in first["message"], first["message"]


def test_a_programs_lanes_storing_to_one_address_are_a_stride_not_a_grid_too_small():
    from studyxf.grading.judge.kernel_grid import _colliding

    rows, cols = np.arange(4)[:, None], np.arange(4)[None, :]
    overlapping = {"program": [0, 0], "index": (rows * 1 + cols).reshape(-1)}  # a row stride of 1: 16 lanes, 7 places
    apart = {"program": [1, 0], "index": (rows * 4 + cols).reshape(-1)}
    masked = {"program": [2, 0], "index": np.where(cols < 2, rows * 4 + cols, -1).reshape(-1)}
    assert _colliding([overlapping], 2) == "program (0, 0)'s store writes 16 lanes into 7 elements"
    assert _colliding([apart, masked], 2) is None
