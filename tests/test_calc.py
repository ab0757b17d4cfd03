"""`studyxf calc`: any model's shape, and token counts as context lengths are written (8k, 128k, 1M)."""

import json


def _kv(cli, *args):
    res = cli("calc", "kv-cache", *args, "--json")
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_kv_cache_takes_a_shape_of_its_own_and_token_counts_with_k_and_m(home, cli):
    named = _kv(cli, "--model", "llama-3-8b", "--tokens", "8192")
    shaped = _kv(cli, "--layers", "32", "--kv-heads", "8", "--head-dim", "128", "--tokens", "8k")
    assert shaped["tokens"] == 8192 and shaped["bytes"] == named["bytes"] == 2 ** 30
    assert "bytes_without_gqa" not in shaped  # the query heads were not given: no such figure
    with_heads = _kv(cli, "--layers", "32", "--kv-heads", "8", "--head-dim", "128", "--heads", "32",
                     "--tokens", "8k")
    assert with_heads["bytes_without_gqa"] == named["bytes_without_gqa"]
    assert _kv(cli, "--model", "llama-3-8b", "--tokens", "128k")["tokens"] == 131072
    assert _kv(cli, "--model", "llama-3-8b", "--tokens", "1M")["tokens"] == 2 ** 20
    assert _kv(cli, "--model", "llama-3-8b", "--tokens", "1.5k")["tokens"] == 1536
    # a preset changed in one dimension, and a dtype the list lacks given by its size
    halved = _kv(cli, "--model", "llama-3-8b", "--kv-heads", "4", "--tokens", "8k")
    assert halved["bytes"] == named["bytes"] // 2
    one_byte = _kv(cli, "--layers", "32", "--kv-heads", "8", "--head-dim", "128", "--tokens", "8k",
                   "--dtype-bytes", "1")
    assert one_byte["bytes"] == named["bytes"] // 2 and one_byte["dtype_bytes"] == 1
    text = cli("calc", "kv-cache", "--layers", "32", "--kv-heads", "8", "--head-dim", "128", "--tokens", "8k").stdout
    assert "8,192 tokens" in text and "1.00 GiB" in text


def test_bad_values_are_one_line_that_names_the_option(home, cli):
    for args, said in ((["--model", "gpt2", "--tokens", "8q"], "'--tokens'"),
                       (["--model", "gpt2", "--tokens", "0.3k"], "not a whole number"),
                       (["--model", "gpt2", "--tokens", "0"], "at least 1"),
                       (["--layers", "32", "--tokens", "8k"], "missing: --kv-heads, --head-dim"),
                       (["--layers", "32", "--kv-heads", "8", "--head-dim", "128", "--heads", "30", "--tokens", "8k"],
                        "multiple of --kv-heads"),
                       (["--layers", "0", "--kv-heads", "8", "--head-dim", "128", "--tokens", "8k"], "'--layers'")):
        res = cli("calc", "kv-cache", *args)
        assert res.returncode == 2 and res.stdout == "", args
        assert res.stderr.count("\n") == 1 and res.stderr.startswith("studyxf: error:") and said in res.stderr, args


def test_attention_takes_8k_too(home, cli):
    res = cli("calc", "attention", "--batch", "1", "--layers", "1", "--heads", "1", "--head-dim", "1",
              "--tokens", "4k", "--json")
    assert json.loads(res.stdout)["tokens"] == 4096


def test_calc_takes_the_model_as_its_argument_as_the_readme_writes_it(cli):
    res = cli("calc", "kv-cache", "llama-3-8b")
    assert res.returncode == 0, res.stderr
    assert "8,192 tokens (its context window" in res.stdout and "1.00 GiB" in res.stdout
    as_option = cli("calc", "kv-cache", "--model", "llama-3-8b", "--tokens", "8k", "--json").stdout
    assert cli("calc", "kv-cache", "llama-3-8b", "--tokens", "8k", "--json").stdout == as_option
    assert cli("calc", "params", "gpt2", "--json").stdout == cli("calc", "params", "--model", "gpt2", "--json").stdout
    clash = cli("calc", "kv-cache", "llama-3-8b", "--model", "gpt2")
    assert clash.returncode == 2 and "two models given" in clash.stderr
    assert cli("calc", "kv-cache", "--layers", "2", "--kv-heads", "2", "--head-dim", "4").returncode == 2
