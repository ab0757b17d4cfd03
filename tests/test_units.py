"""Units and terms named as causes in the calculator drills, and the defaults the tasks state
(issue 44, items 3 and 8): what a learner reads, from the values and the code together."""

import pytest

from studyxf.grading.judge import units
from tests.drill_helpers import DRILLS, grade, sort

KV = ("def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):\n"
      "    d_head = config['d_model'] // config['{heads}']\n"
      "    size = {size}\n"
      "    total = {two}config['n_layers'] * config['n_kv_heads'] * d_head * tokens{batch} * size\n"
      "    return {ret}\n")
COST = ("def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):\n"
        "    per_layer = 2 * 2 * batch * heads * tokens * tokens * head_dim\n"
        "    return {{'flops': {flops},\n"
        "            'memory_bytes': batch * heads * tokens * {second} * bytes_per_element{mem}}}\n")
BYTES = "{'fp16': 2, 'bf16': 2, 'fp32': 4}[dtype]"


def _kv(heads="n_heads", size=BYTES, two="2 * ", batch=" * batch", ret="total"):
    return KV.format(heads=heads, size=size, two=two, batch=batch, ret=ret)


def _cost(flops="per_layer * layers", second="tokens", mem=""):
    return COST.format(flops=flops, second=second, mem=mem)


def _located(report):
    located = [d for d in report["diagnosis"] if sort(d) == "located"]
    assert located, report["diagnosis"]
    return located


@pytest.mark.parametrize("drill,source,line,how", [
    ("kv-cache-size", _kv(ret="total // 10 ** 9"), 5,
     "you returned GB (bytes divided by 10^9, rounded to a whole number); the task asks bytes"),
    ("kv-cache-size", _kv(size="{'fp16': 16, 'bf16': 16, 'fp32': 32}[dtype]"), 3,
     "you returned bits (bytes times 8); the task asks bytes"),
    ("kv-cache-size", _kv(batch=" * batch * tokens"), 4, "tokens is counted twice: yours is the expected value times tokens"),
    ("attention-cost", _cost(second="head_dim"), 4,
     "head_dim where tokens belongs (tokens x head_dim where tokens x tokens belongs): yours is the expected value "
     "times head_dim / tokens"),
    ("attention-cost", _cost(flops="per_layer * layers / 1e12"), 3,
     "you returned TFLOPs (FLOPs divided by 10^12); the task asks FLOPs"),
])
def test_a_unit_or_a_term_is_named_with_its_line(tmp_path, drill, source, line, how):
    first = _located(grade(tmp_path, drill, source))[0]
    assert first["verified"] and first["line"] == line and first["how"] == how, first


def test_each_wrong_figure_gets_its_own_term_at_its_own_line(tmp_path):
    source = _cost(mem=" * layers").replace("2 * 2 * batch * ", "2 * 2 * ")
    first, second = _located(grade(tmp_path, "attention-cost", source))
    assert (first["step"], first["line"]) == ("flops", 2) and first["how"].startswith("batch is missing"), first
    assert (second["step"], second["line"]) == ("memory_bytes", 4) and second["how"].startswith(
        "layers is multiplied in, where the figure has no layers term"), second


def test_half_of_a_constant_of_two_counts_is_named_beside_another_figures_slip(tmp_path):
    # Q·K^T counted, A·V not (2 where the 4 belongs; alone, the catalogue's flops-no-factor-2), and
    # the memory without its batch
    source = _cost().replace("2 * 2 * batch", "2 * batch").replace("'memory_bytes': batch * ", "'memory_bytes': ")
    first, second = _located(grade(tmp_path, "attention-cost", source))
    assert (first["verified"], first["line"]) == (True, 2) and first["how"].startswith("2 where the 4"), first
    assert (second["verified"], second["line"]) == (True, 4) and second["how"].startswith("batch is missing"), second


def test_two_terms_wrong_in_one_figure_are_each_named_at_their_own_line(tmp_path):
    # n_heads where n_kv_heads belongs, and batch left out: n_kv_heads missing with n_heads for batch
    # gives the same numbers, and is not said (a swap within a kind of quantity is the reading)
    source = ("def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):\n"
              "    heads = config['n_heads']\n"
              "    d_head = config['d_model'] // config['n_heads']\n"
              f"    return 2 * config['n_layers'] * heads * d_head * tokens * {BYTES}\n")
    first, second = _located(grade(tmp_path, "kv-cache-size", source))
    assert (first["verified"], first["line"]) == (True, 2) and first["how"].startswith("n_heads where n_kv_heads"), first
    assert (second["verified"], second["line"]) == (True, 4) and second["how"].startswith("batch is missing"), second


def test_one_dtype_s_size_wrong_beside_a_missing_two_is_said_as_both_not_as_a_step_inside_the_product(tmp_path):
    # holdout15's kv-cache-size/learner_03: bf16 at 4 bytes makes its case pass (x2 / 2), the others are half;
    # the localisation put that half at d_head, on the line that unpacks the config (a wrong cause)
    source = ("def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):\n"
              "    L, H, G, D = (config[key] for key in ('n_layers', 'n_heads', 'n_kv_heads', 'd_model'))\n"
              "    b = 2 if dtype == 'fp16' else 4\n"
              "    return L * G * (D // H) * tokens * batch * b\n")
    report = grade(tmp_path, "kv-cache-size", source)
    said = sorted((d["line"], d["how"].split(":")[0]) for d in report["diagnosis"])
    assert said == [(3, "bf16 counted as 4 bytes per element"), (4, "the 2 for K and V is missing")], said
    assert not any("d_head" in d["message"] for d in report["diagnosis"]), report["diagnosis"]


def test_terms_left_out_are_said_at_the_products_not_where_the_config_keys_are_listed(tmp_path):
    # holdout16's kv-cache-size/learner_01: the 2 for K and V and batch both left out; the line that lists the
    # config's keys named most terms and was quoted for both. The constant goes to the product of the sizes,
    # the argument to the product of the other arguments
    source = ("def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):\n"
              "    required = ('n_layers', 'n_heads', 'n_kv_heads', 'd_model')\n"
              "    bytes_per_value = 2 if dtype in ('fp16', 'bf16') else 4\n"
              "    d_head = config['d_model'] // config['n_heads']\n"
              "    per_token = config['n_layers'] * config['n_kv_heads'] * d_head * bytes_per_value\n"
              "    total = per_token * int(tokens)\n"
              "    return int(total)\n")
    said = sorted((d["line"], d["how"].split(":")[0]) for d in grade(tmp_path, "kv-cache-size", source)["diagnosis"])
    assert said == [(5, "the 2 for K and V is missing"), (6, "batch is missing")], said


def test_of_two_lines_reading_the_swapped_name_the_one_named_for_the_old_is_said(tmp_path):
    # holdout16's kv-cache-size/learner_02: beside sizes in bits, H_kv read from n_heads (not H, a line above)
    source = ("SIZE = {'fp16': 16, 'bf16': 16, 'fp32': 32}\n"
              "def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):\n"
              "    H = config['n_heads']\n"
              "    H_kv = config['n_heads']\n"
              "    d_head = config['d_model'] // H\n"
              "    return 2 * config['n_layers'] * H_kv * d_head * tokens * batch * SIZE[dtype]\n")
    said = sorted((d["line"], d["how"].split(":")[0]) for d in grade(tmp_path, "kv-cache-size", source)["diagnosis"])
    assert said == [(1, "you returned bits (bytes times 8); the task asks bytes"),
                    (4, "n_heads where n_kv_heads belongs")], said


def test_a_reading_the_code_contradicts_is_not_said(tmp_path):
    # GiB's factor, but the file divides by no 1024: a number it wrote there itself
    source = _kv(ret="total * 9.313225746154785e-10")
    report = grade(tmp_path, "kv-cache-size", source)
    assert not any("GiB" in d["message"] for d in report["diagnosis"]), report["diagnosis"]


def test_a_swap_is_named_only_where_the_code_names_what_came_in():
    code = units.Code("def f(config):\n    d = config['d_model'] // config['n_kv_heads']\n    return d\n")
    swaps = {r.id: r for r in units.readings(["n_kv_heads", ("d_model / n_heads", "d_head")], "bytes", {"n_heads", "n_kv_heads",
                                                                                          "d_model"})}
    assert units._evidence(swaps["n_kv_heads-for-n_heads"], code) == [2]
    assert units._evidence(swaps["n_heads-for-n_kv_heads"], code) is None  # nothing there reads n_heads


def test_the_shipped_solutions_pass_every_case_including_the_defaults(tmp_path):
    for drill in ("kv-cache-size", "attention-cost", "rms-norm"):
        report = grade(tmp_path, drill, (DRILLS[drill].folder / "solution.py").read_text())
        assert report["status"] == "pass", (drill, report["diagnosis"])
        assert any("default" in t["name"] or "eps=1e-3" in t["name"] for t in report["tests"]), drill


@pytest.mark.parametrize("drill,old,new,said", [
    ("kv-cache-size", "dtype=\"fp16\"", "dtype=\"fp32\"", "dtype defaults to 'fp32'; the task states dtype='fp16'"),
    ("attention-cost", "bytes_per_element=2", "bytes_per_element=4",
     "bytes_per_element defaults to 4; the task states bytes_per_element=2"),
])
def test_a_default_the_task_states_is_graded(tmp_path, drill, old, new, said):
    source = (DRILLS[drill].folder / "solution.py").read_text()
    assert old in source
    report = grade(tmp_path, drill, source.replace(old, new))
    assert report["status"] == "fail"
    assert [sort(d) for d in report["diagnosis"]] == ["default-changed"], report["diagnosis"]
    assert report["diagnosis"][0]["line"] == 1 and said in report["diagnosis"][0]["message"]


def test_an_eps_written_in_the_code_fails_rms_norm(tmp_path):
    source = (DRILLS["rms-norm"].folder / "solution.py").read_text()
    source = source.replace("):\n", "):\n    eps = 1e-6\n", 1)
    report = grade(tmp_path, "rms-norm", source)
    assert report["status"] == "fail"
    assert "the argument eps (here 0.001) is not used" in report["diagnosis"][0]["message"], report["diagnosis"]
