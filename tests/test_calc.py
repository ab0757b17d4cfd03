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
