"""The Triton drills (issue 31): graded on the CPU through Triton's interpreter (TRITON_INTERPRET=1,
set here for the in-process gradings and by the judge for the sandbox). A correct kernel passes,
typical wrong ones are named by their cause, torch in place of a kernel is `forbidden`; without
triton (the kernels extra) the drills are listed as needing it and grading them says so in one
line. Tests that run kernels are skipped where triton is not installed; CI installs the extra."""

import importlib.util
import json
import time
from pathlib import Path

import pytest

from studyxf.grading.judge.source_rules import NO_KERNEL, forbidden_uses, launches_kernel
from tests.data import kernel_submissions as ks
from tests.drill_helpers import DRILLS, grade, sort

KERNEL_DRILLS = ["softmax-triton", "matmul-triton", "flash-attention-triton"]


def _has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:  # hidden by a meta-path finder (as HIDE_TRITON below does)
        return False


HAS_TRITON = _has("triton")
needs_triton = pytest.mark.skipif(not HAS_TRITON, reason="triton is not installed (pip install '.[kernels]')")
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # overflowing kernels, on purpose


@pytest.fixture(autouse=True)
def interpreter(monkeypatch):
    """In-process gradings decorate the learner's kernels here: in the interpreter (read at @triton.jit)."""
    monkeypatch.setenv("TRITON_INTERPRET", "1")


def _failing(report):
    return [(t["name"], (t["message"] or "")[:200]) for t in report["tests"] if t["status"] != "pass"][:3]


@needs_triton
@pytest.mark.parametrize("drill", KERNEL_DRILLS)
def test_the_shipped_solution_passes_in_the_interpreter(tmp_path, drill):
    report = grade(tmp_path, drill, ks.solution(drill))
    assert report["status"] == "pass", _failing(report)
    assert report["diagnosis"] == []


@needs_triton
def test_a_row_start_that_assumes_packed_rows_fails_on_a_slice_of_a_wider_tensor(tmp_path):
    # the task's row_stride: n_cols in its place passes every packed input, and the columns of a
    # wider tensor reach the sandbox as such (wire's row_stride), not as a packed copy; a transposed
    # input's columns are not packed either (the task: x.contiguous(), or step the lanes by x.stride(1))
    packed_only = ks.solution("softmax-triton").replace("    x = x.contiguous()\n", "").replace(
        "(x, out, n_cols, x.stride(0),", "(x, out, n_cols, n_cols,")
    assert packed_only != ks.solution("softmax-triton")
    report = grade(tmp_path, "softmax-triton", packed_only)
    assert [t["name"] for t in report["tests"] if t["status"] != "pass"] == \
        ["x (4, 37), the first 37 columns of a (4, 50) tensor (rows not packed), float32",
         "x (6, 40), a transposed (40, 6) tensor (columns not packed: x.stride(1) = 6), float32"], _failing(report)


@needs_triton
def test_strides_taken_as_packed_fail_on_a_transposed_a(tmp_path):
    # the strides the starter passes: K and 1 in a's place pass every packed input; the transposed a
    # reaches the sandbox as such (wire's transposed), not as a packed copy
    # (b's rows taken as packed, N for b.stride(0), fail the same case: the wider tensor's path is softmax's above)
    solution = ks.solution("matmul-triton")
    packed_only = solution.replace("a.stride(0), a.stride(1),", "K, 1,")
    assert packed_only != solution
    report = grade(tmp_path, "matmul-triton", packed_only)
    assert [t["name"] for t in report["tests"] if t["status"] != "pass"] == \
        ["a (20, 37) the transpose of a (37, 20) tensor @ b (37, 29) the first 29 columns of a (37, 40) tensor, "
         "float32"], _failing(report)


TABLES = {"softmax-triton": ks.SOFTMAX_WRONG, "matmul-triton": ks.MATMUL_WRONG, "flash-attention-triton": ks.FLASH_WRONG}
WRONG = [(d, m) for d, table in TABLES.items() for m in table]


@needs_triton
@pytest.mark.parametrize("drill,mistake", WRONG, ids=[f"{d}-{m}" for d, m in WRONG])
def test_a_typical_wrong_kernel_is_named_by_its_cause(tmp_path, drill, mistake):
    report = grade(tmp_path, drill, ks.edit(drill, *TABLES[drill][mistake]))
    assert report["status"] == "fail"
    named = [sort(d) for d in report["diagnosis"]]
    if mistake in DRILLS[drill].mistakes:
        assert named == [mistake], (named, _failing(report))
    elif named == ["random-output"]:  # what lies past the tensor changed between the two calls
        assert "mask" in DRILLS[drill].mistakes["random-output"], report["diagnosis"]
    else:  # a measured cause, or one the kernel's trace shows at its line: its words
        assert named in (["measured"], ["located"]) and mistake in report["diagnosis"][0]["message"], \
            report["diagnosis"]


def test_torch_in_place_of_a_kernel_is_forbidden_by_the_source_scan():
    fb = DRILLS["softmax-triton"].forbidden
    assert forbidden_uses(ks.SOFTMAX_TORCH, fb)[0] == NO_KERNEL  # a kernel defined, never launched
    # launched, but torch's result returned: the named call, and where torch computed
    assert forbidden_uses(ks.SOFTMAX_SHORTCUT, fb) == ["softmax", "torch.softmax at line 14"]
    assert forbidden_uses(ks.solution("softmax-triton"), fb) == []
    assert launches_kernel("import triton\n@triton.jit\ndef k(x):\n    pass\ndef f(x):\n    k[(1,)](x)\n")
    assert launches_kernel("from triton import jit\n@jit(debug=True)\ndef k(x):\n    pass\ndef f(x):\n    k[g](x)\n")
    assert not launches_kernel("import triton\ndef k(x):\n    pass\ndef f(x):\n    k[(1,)](x)\n")  # not jitted
    mm = DRILLS["matmul-triton"].forbidden
    assert "@" in forbidden_uses("def matmul(a, b):\n    return a @ b\n", mm)


@needs_triton
def test_torch_in_place_of_a_kernel_fails_through_a_test_named_forbidden(tmp_path):
    for source, used in ((ks.SOFTMAX_TORCH, NO_KERNEL), (ks.SOFTMAX_SHORTCUT, "softmax")):
        report = grade(tmp_path, "softmax-triton", source)
        forbidden = next(t for t in report["tests"] if t["name"] == "forbidden")
        assert report["status"] == "fail" and forbidden["status"] == "fail"
        assert f"uses {used}: not allowed here" in forbidden["message"]


DUMMIES = Path(__file__).parent / "data" / "dummy_kernels"
# a @triton.jit kernel that does nothing, launched, while torch computes the result (issue 41):
# the file, its drill, and the first place the report names
DUMMY = [("softmax_exp_amax_sum.py", "softmax-triton", "torch.exp at line 15"),
         ("softmax_aliases.py", "softmax-triton", "getattr() at line 16"),
         ("matmul_broadcast_sum.py", "matmul-triton", "the operator * on a tensor at line 17"),
         ("flash_torch.py", "flash-attention-triton", "the operator * on a tensor at line 17")]
RULE_WHY = "in a Triton drill torch may only allocate and describe tensors"


@needs_triton
@pytest.mark.parametrize("name,drill,named", DUMMY, ids=[d[0] for d in DUMMY])
def test_a_dummy_kernel_with_torch_computing_fails_as_forbidden_naming_the_call(tmp_path, name, drill, named):
    report = grade(tmp_path, drill, (DUMMIES / name).read_text())
    forbidden = next(t for t in report["tests"] if t["name"] == "forbidden")
    assert report["status"] == "fail" and forbidden["status"] == "fail"
    assert forbidden["message"].startswith(f"{named}: {RULE_WHY}"), forbidden["message"]
    # the values themselves are right: the rule alone fails it
    assert all(t["status"] == "pass" for t in report["tests"] if t["name"] != "forbidden"), _failing(report)


ALLOWED = """import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pass


def softmax(x):
    assert isinstance(x, torch.Tensor) and x.dim() == 2, f"2-D only, got {x.shape}"
    x = x.contiguous()
    rows, n = x.shape
    out = torch.empty(rows, n, dtype=x.dtype, device=x.device) if x.numel() else torch.zeros_like(x)
    grid = lambda meta: (triton.cdiv(rows, meta["BLOCK"]),)
    k[grid](x, out, n * x.element_size() // x.stride(1), BLOCK=max(16, triton.next_power_of_2(n)))
    return out
"""

COMPUTING = {  # one way each for torch to compute in the wrapper (line 7), and what the report names
    "x.exp()": "Tensor.exp at line 7",
    "x - 1": "the operator - on a tensor at line 7",
    "-x": "the operator - on a tensor at line 7",
    "x > 0": "a comparison of a tensor at line 7",
    "sum(x)": "sum() on a tensor at line 7",
    "x[x.argmax()]": "Tensor.argmax at line 7",
    "x.contiguous().T": "Tensor.T at line 7",
    "torch.Tensor.exp(x)": "torch.Tensor.exp at line 7",
    "torch.ones_like(x)": "torch.ones_like at line 7",
    "F.softmax(x, -1)": "torch.nn.functional.softmax at line 7",
    "np.exp(x)": "np.exp() on a tensor at line 7",
    "t.exp(x)": "torch.exp at line 7",
    "getattr(t, 'exp')(x)": "getattr() at line 7",
    "(lambda y: y.exp())(x)": "Tensor.exp at line 7",
    "helper(x)": "Tensor.sum at line 5",
}
WRAPPER = """import torch, torch as t
import torch.nn.functional as F
import numpy as np
def helper(y):
    return y.sum()
def softmax(x):
    return {}
"""


def test_torch_may_only_allocate_and_describe_in_a_triton_drill():
    from studyxf.grading.judge.kernel_rule import torch_computing

    assert torch_computing(ALLOWED) == []
    for d in KERNEL_DRILLS:
        assert torch_computing(ks.solution(d)) == [], d
        assert torch_computing(DRILLS[d].starter("torch").read_text()) == [], d
    for expr, named in COMPUTING.items():
        assert named in torch_computing(WRAPPER.format(expr)), expr
    assert torch_computing("from torch import exp\ndef softmax(x):\n    return exp(x)\n")[0] == "torch.exp at line 1"
    # what the Triton tutorials' wrappers do is allowed: warmup, occupancy, a grid lambda, reshape, torch.cuda.device
    assert torch_computing((Path(__file__).parent / "data" / "kernel_wrapper_tutorial.py").read_text()) == []
    # a kernel's Python body run as Python, outside a launch, computes with torch's operators
    kernel = "import torch, triton\n@triton.jit\ndef k(x):\n    return x * 2\ndef softmax(x):\n    {}\n"
    for call, named in (("return k(x)", "k() on a tensor at line 6"), ("return k.fn(x)", "k.fn() on a tensor at line 6"),
                        ("f = k.fn\n    return f(x)", "f() on a tensor at line 7")):
        assert torch_computing(kernel.format(call)) == [named], call
    # inside a kernel torch may not appear at all
    assert torch_computing("import torch\nimport triton\n@triton.jit\ndef k(x):\n    y = torch.exp(x)\n") == \
        ["torch inside the kernel k at line 5"]


@needs_triton
@pytest.mark.parametrize("drill", KERNEL_DRILLS)
def test_the_starter_is_graded_as_a_stub_not_as_a_shortcut(tmp_path, drill):
    report = grade(tmp_path, drill, DRILLS[drill].starter("torch").read_text())
    assert report["status"] == "fail" and not any(t["name"] == "forbidden" for t in report["tests"])
    assert "starter's stub" in report["diagnosis"][0]["message"], report["diagnosis"]


# -- end to end: the command, the sandbox (the judge sets TRITON_INTERPRET=1 there) -----------------

@needs_triton
def test_the_command_grades_a_kernel_in_the_sandbox_and_names_the_mistake(tmp_path, home, cli):
    good, bad = tmp_path / "good.py", tmp_path / "bad.py"
    good.write_text(ks.solution("softmax-triton"))
    bad.write_text(ks.edit("softmax-triton", *ks.SOFTMAX_WRONG["softmax-pad-zero"]))
    env = {"STUDYXF_HOME": str(home), "TRITON_INTERPRET": "0"}  # the judge sets it for the sandbox, whatever this is
    started = time.monotonic()
    done = cli("drill", "softmax-triton", str(good), "--json", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["status"] == "pass"
    done = cli("drill", "softmax-triton", str(bad), env=env)
    assert done.returncode == 1 and done.stdout.startswith("softmax-triton: FAIL"), done.stdout + done.stderr
    assert "diagnosis: softmax-pad-zero" in done.stdout.splitlines()[1]
    assert time.monotonic() - started < 60


@needs_triton
def test_flash_attention_kernel_passes_in_the_sandbox(tmp_path, home, cli):
    good = tmp_path / "flash.py"
    good.write_text(ks.solution("flash-attention-triton"))
    done = cli("drill", "flash-attention-triton", str(good), "--json", env={"STUDYXF_HOME": str(home)})
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "pass", done.stdout + done.stderr


def test_device_cuda_without_a_gpu_is_one_line(tmp_path, home, cli):
    pytest.importorskip("torch")
    import torch

    if torch.cuda.is_available():
        pytest.skip("a GPU is here: --device cuda grades on it")
    good = tmp_path / "good.py"
    good.write_text(ks.solution("softmax-triton"))
    for extra in (["--device", "cuda"], ["--bench"]):
        done = cli("drill", "softmax-triton", str(good), *extra, env={"STUDYXF_HOME": str(home)})
        if not HAS_TRITON:
            assert done.returncode == 2 and "needs triton" in done.stderr
            continue
        # an error of the grading (exit 1), never the interpreter's run reported as a GPU pass; --bench times nothing
        assert done.returncode == 1 and done.stdout.startswith("softmax-triton: ERROR"), done.stdout + done.stderr
        said = " ".join(done.stdout.split())
        assert "--device cuda: CUDA does not start in the grader (" in said and "run `studyxf doctor`" in said
        assert "bench" not in done.stdout + done.stderr
    done = cli("drill", "attention", "--bench", env={"STUDYXF_HOME": str(home)})
    assert done.returncode == 2 and "--bench times a Triton drill's kernel" in done.stderr


HIDE_TRITON = """import sys


class HideTriton:  # what a Python without the kernels extra sees
    def find_spec(self, name, path=None, target=None):
        if name == "triton" or name.startswith("triton."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, HideTriton())
"""


def test_without_triton_the_drills_need_the_extra_in_one_line(tmp_path, home, cli):
    from tests.conftest import ROOT

    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text(HIDE_TRITON)
    env = {"STUDYXF_HOME": str(home), "PYTHONPATH": f"{hide}:{ROOT}"}
    done = cli("drill", env=env)
    assert done.returncode == 0, done.stderr
    lines = {line.split()[0]: line for line in done.stdout.splitlines() if line.strip()}
    for drill in KERNEL_DRILLS:
        assert lines[drill].split()[1] == "needs" and "pip install 'studyxf[kernels]'" in lines[drill], lines[drill]
    assert lines["attention"].split()[1] == "not"  # not tried: the others as before
    sol = tmp_path / "sol.py"
    sol.write_text(ks.solution("matmul-triton"))
    done = cli("drill", "matmul-triton", str(sol), env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "studyxf: error: drill matmul-triton needs triton (the kernels extra): pip install 'studyxf[kernels]'"]
    assert "Traceback" not in done.stderr


def test_the_best_time_is_kept_per_gpu_and_shown_in_the_listing(home, cli):
    from studyxf.grading import bench

    result = {"gpu": "NVIDIA H100 80GB HBM3", "ms": 1.25, "tflops": 440.0, "ratios": {"SDPA (flash backend)": 0.8}}
    assert bench.record_best("flash-attention-triton", result, "2026-11-29T20:00:00")
    assert not bench.record_best("flash-attention-triton", {**result, "ms": 1.5}, "2026-11-29T20:01:00")
    assert bench.record_best("flash-attention-triton", {**result, "gpu": "NVIDIA L4", "ms": 9.0}, "2026-11-29T20:02:00")
    saved = bench.best_times()["flash-attention-triton"]
    assert saved["NVIDIA H100 80GB HBM3"]["ms"] == 1.25 and saved["NVIDIA L4"]["ms"] == 9.0
    assert bench.describe({**result, "label": "causal", "baselines": {"SDPA (flash backend)": 1.0}})[2] == \
        "  SDPA (flash backend): 1.000 ms; yours runs at 0.80x its speed"
    done = cli("drill", env={"STUDYXF_HOME": str(home)})
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("flash-attention-triton"))
    if HAS_TRITON:
        assert line.endswith("[best 1.250 ms on NVIDIA H100 80GB HBM3]"), line



@needs_triton
@pytest.mark.parametrize("arch", [80, 90])
def test_the_shipped_kernels_compile_for_the_gpu_without_one(arch):  # ~12 s for sm90, ~4 s for sm80
    """What --device cuda and --bench run, checked as far as a machine without a GPU can: each
    solution's kernel compiles for an A100 (sm80) and an H100/H200 (sm90) at the tiles and dtypes it
    launches there (tests/data/compile_kernels.py). In a child process: this one imported Triton
    with TRITON_INTERPRET=1, which decorated Triton's own library for the interpreter."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    env = {**os.environ, "TRITON_INTERPRET": "0", "TRITON_DEFAULT_FP_FUSION": "1", "PYTHONPATH": str(ROOT)}
    flash_only = ["--flash-only"] if arch == 80 else []  # sm80: the shared memory of the largest tiles only
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "data" / "compile_kernels.py"), str(arch), *flash_only],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("compiled") == (2 if flash_only else 6), done.stdout
    assert "flash_kernel bf16: compiled, tensor cores" in done.stdout


def test_the_drill_screen_and_watch_mode_say_what_to_install(tmp_path, home, monkeypatch):
    """Without triton the runner's report (what the drill screen and --watch show) is one error line;
    no worker is started."""
    from studyxf.grading import catalogue, runner

    drill = catalogue.all_drills()["softmax-triton"]
    monkeypatch.setattr(type(drill), "missing", lambda self: ["triton"])
    report = runner.run(drill, tmp_path / "any.py")
    assert report["status"] == "error" and report["tests"] == []
    assert report["message"] == "drill softmax-triton needs triton (the kernels extra): pip install 'studyxf[kernels]'"


@needs_triton
@pytest.mark.parametrize("drill,mistake,tiles,said", ks.OTHER_TILES,
                         ids=[f"{d}-{m}-{s.split()[-1]}" for d, m, _, s in ks.OTHER_TILES])
def test_a_slip_with_other_tiles_is_named_with_the_learners_tiles(tmp_path, drill, mistake, tiles, said):
    """A slip whose output depends on the tile sizes is tried at the usual ones; the report says the
    sizes the learner's kernel uses (the cases' sizes tell them apart), not the first that fits."""
    report = grade(tmp_path, drill, ks.edit(drill, *TABLES[drill][mistake], tiles))
    assert [sort(d) for d in report["diagnosis"]] == [mistake], report["diagnosis"]
    assert said in report["diagnosis"][0]["message"], report["diagnosis"]


GPU_ONLY_SLIPS = '''import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * row_stride + cols, mask=cols < n_cols, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * row_stride + cols, e / tl.sum(e, axis=0), mask=cols < n_cols)


def softmax(x):
    out = torch.empty_like(x)
    softmax_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=triton.next_power_of_2(x.shape[1]))
    return out
'''


def test_a_cpu_grading_says_what_a_gpu_would_not_forgive_and_the_solutions_get_no_such_note(tmp_path):
    from studyxf.grading import catalogue
    from studyxf.grading.judge import gpu_notes
    from studyxf.grading.report import renderables
    from studyxf.grading.judge import results

    said = gpu_notes.notes(GPU_ONLY_SLIPS)
    assert len(said) == 2 and "contiguous" in said[0] and "line 10" in said[0]
    assert "fp16 or bf16" in said[1] and "tl.float32" in said[1]
    drills = catalogue.all_drills()
    for name in ("softmax-triton", "matmul-triton", "flash-attention-triton"):
        assert gpu_notes.notes(drills[name].solution_text()) == [], name
    dot = GPU_ONLY_SLIPS.replace("tl.sum(e, axis=0)", "tl.sum(tl.dot(e, e), axis=0)").replace(
        "BLOCK=triton.next_power_of_2(x.shape[1])", "BLOCK=8")
    assert any("at least 16" in n for n in gpu_notes.notes(dot))
    passed = {"status": "pass", "tests": [{"name": "t", "status": "pass", "device": "cpu"}], "diagnosis": [],
              "drill": "softmax-triton", "message": None}
    mine = drills["softmax-triton"].request(tmp_path / "mine.py")
    report = results.of_request(dict(passed), mine, GPU_ONLY_SLIPS)
    text = "\n".join(t.plain for t in renderables(report))
    assert "PASS" in text and "on a GPU:" in text and report["status"] == "pass"
    mine.device = "cuda"
    assert "gpu_notes" not in results.of_request(dict(passed), mine, GPU_ONLY_SLIPS)
    assert "gpu_notes" not in results.of_request(dict(passed), drills["attention"].request(tmp_path / "a.py"), GPU_ONLY_SLIPS)


@needs_triton
def test_a_kernel_that_writes_into_its_input_through_an_alias_is_said_where_the_alias_is_made(tmp_path):
    # out = x: the kernel's store lands in the caller's x (x.contiguous() is x itself when x is packed)
    source = ks.solution("softmax-triton").replace("out = torch.empty_like(x)", "out = x")
    report = grade(tmp_path, "softmax-triton", source)
    line = next(i for i, c in enumerate(source.splitlines(), 1) if c.strip() == "out = x")
    assert [(sort(d), d.get("line")) for d in report["diagnosis"]][:1] == [("input-modified", line)], \
        report["diagnosis"]


def test_a_helper_of_plain_values_and_a_class_holding_the_layout_keep_the_rule():
    """A cdiv helper called with sizes and a class that holds x and its shape compute nothing with torch
    (holdout15's softmax-triton/learner_03 was failed as forbidden, a correct file); the same helper given a
    tensor, a tensor method reached through the object, or the entry called with a plain value elsewhere
    (its parameters are the grader's tensors all the same) are still named."""
    from studyxf.grading.judge.kernel_rule import torch_computing

    solution = ks.solution("softmax-triton")
    cdiv = "\n\ndef cdiv(a, b):\n    return (a + b - 1) // b\n\n\ndef grid(n):\n    return (cdiv(n, 16),)\n"
    assert torch_computing(solution + cdiv + "\n\ndef rows(x):\n    return grid(x.shape[0])\n", "softmax") == []
    given_a_tensor = torch_computing(solution + cdiv + "\n\ndef rows(x):\n    return cdiv(x, 2)\n", "softmax")
    assert given_a_tensor and given_a_tensor[0].startswith("the operator + on a tensor at line 28"), given_a_tensor
    assert torch_computing(solution + cdiv + "\nf = cdiv\n", "softmax")  # a value: what it is given is unknown
    layout = (Path(__file__).parent / "data" / "holdout15" / "softmax-triton" / "learner_03.py").read_text()
    assert torch_computing(layout, "softmax") == []
    assert torch_computing(layout.replace("    return out", "    return layout.x.exp()"), "softmax") == \
        ["Tensor.exp at line 34"]
    cheat = solution.replace("    return out", "    return x.exp()") + "\nif False:\n    softmax(3)\n"
    assert torch_computing(cheat, "softmax") == ["Tensor.exp at line 24"]
    # a parent's __init__ given the tensor through super(), beside a call of it with a plain value
    parent = ("import torch\nclass A:\n    def __init__(self, y):\n        self.out = y.exp()\nclass B(A):\n"
              "    def __init__(self, x):\n        super().__init__(x)\ndef softmax(x):\n    a = A(3)\n"
              "    return B(x).out\n")
    assert "Tensor.exp at line 4" in torch_computing(parent, "softmax")


def test_the_entry_s_flag_with_a_literal_default_is_no_tensor_under_the_rule():
    """holdout18 flash-attention-triton/02: `meta = dict(..., CAUSAL=causal)` in flash_attention(q, k, v,
    causal=True) was read as dict() on a tensor, failing a file whose torch only allocates; a mask (default None)
    is still a tensor."""
    from studyxf.grading.judge.kernel_rule import torch_computing

    flag = ("import torch\ndef flash_attention(q, k, v, causal=True):\n    meta = dict(CAUSAL=causal, D=q.shape[-1])\n"
            "    return torch.empty_like(q), int(causal), meta\n")
    assert torch_computing(flag, "flash_attention") == []
    mask = "import torch\ndef attention(q, k, v, mask=None):\n    return torch.empty_like(q), dict(m=mask)\n"
    assert torch_computing(mask, "attention") == ["dict() on a tensor at line 3"]


def test_a_helper_that_returns_the_shapes_sizes_gives_plain_values():
    """holdout20 matmul-triton/03: `M, K, N = _shape(a, b)` (a helper that unpacks a.shape and b.shape and returns
    the sizes), then `triton.cdiv(M, bm)`, was failed as "triton.cdiv() on a tensor"; a helper that returns a
    tensor (or a size of a name once bound to a tensor) is still a tensor."""
    from studyxf.grading.judge.kernel_rule import torch_computing

    path = Path(__file__).parent / "data" / "holdout20" / "matmul-triton" / "learner_03.py"
    assert torch_computing(path.read_text(), "matmul") == []
    helper = ("import torch\nimport triton\ndef _h(a):\n    n = a.shape[0]\n    return n, a\n"
              "def f(a):\n    n, t = _h(a)\n    return triton.cdiv(t, 4)\n")
    assert torch_computing(helper, "f") == ["triton.cdiv() on a tensor at line 8"]
