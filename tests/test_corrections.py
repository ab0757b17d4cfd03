"""Every figure the shipped content states where it corrects a seed is recomputed here by the
engine's calculators, and found in the words the learner reads (corrections and cards)."""

import math

import pytest
import yaml

from engine import calc
from engine.config import named
from tests.conftest import ROOT

GIB, KIB, TIB = 1024 ** 3, 1024, 1024 ** 4


def _session(sid: str) -> dict:
    return yaml.safe_load(next((ROOT / "sessions").glob(f"*-{sid}.yaml")).read_text(encoding="utf-8"))


def _text(sid: str, *, corrections: str = "", card: str = "") -> str:
    data = _session(sid)
    if corrections:
        c = next(c for c in data["corrections"] if corrections in c["topic"])
        return " ".join(str(v) for v in c.values())
    r = next(r for r in data["recall"] if r["id"] == card)
    return f"{r['prompt']} {r['answer']}"


def _llama_hidden(d_model: int, multiplier: float, multiple_of: int) -> int:
    """Llama's FeedForward: 2/3 of 4d, times ffn_dim_multiplier, rounded up to multiple_of."""
    hidden = int(2 * (4 * d_model) / 3)
    hidden = int(multiplier * hidden)
    return multiple_of * ((hidden + multiple_of - 1) // multiple_of)


def test_llama3_8b_mlp_width_and_parameters():
    cfg = named("llama-3-8b")
    assert int(2 * 4 * cfg.d_model / 3) == 10922
    assert _llama_hidden(cfg.d_model, 1.3, 1024) == cfg.d_ff == 14336
    mlp = calc.block_params(cfg)["mlp"]
    assert mlp == 3 * 4096 * 14336
    gelu_4x = 2 * 4096 * 4 * 4096
    for where in (_text("transformers-2", card="llama3-8b-block"),
                  _text("transformers-2", corrections="14336 wide")):
        assert f"{mlp / 1e6:.1f}M" in where and f"{gelu_4x / 1e6:.1f}M" in where  # 176.2M, 134.2M
        assert f"{round(100 * (mlp / gelu_4x - 1))}%" in where  # 31%
    for where in (_text("transformers-2", card="swiglu-width"),
                  _text("transformers-2", corrections="14336 wide")):
        assert "10,922" in where and "14,336" in where
    per_block = calc.block_params(cfg)
    assert f"{per_block['attention'] / 1e6:.1f}M" in _text("transformers-2", corrections="per-block")  # 41.9M


@pytest.mark.parametrize("model,tokens,where,expected", [
    ("llama-3-70b", 4096, ("transformers-2", "corrections", "KV cache for Llama-3-70B"), "1.25 GiB"),
    ("llama-3-70b", 4096, ("transformers-2", "card", "kv-cache-llama3-70b"), "1.25 GiB"),
    ("llama-3-70b", 1, ("transformers-2", "card", "kv-cache-llama3-70b"), "320 KiB"),
    ("llama-2-70b", 4096, ("lesson-21", "corrections", "Llama 2 70B at 4K"), "1.25 GiB"),
])
def test_kv_cache_figures(model, tokens, where, expected):
    got = calc.kv_cache(named(model), tokens)
    value, unit = expected.split()
    assert got["bytes"] == pytest.approx(float(value) * {"GiB": GIB, "KiB": KIB}[unit])
    assert got["bytes_per_token"] == 327_680
    sid, kind, key = where
    text = _text(sid, **{"corrections" if kind == "corrections" else "card": key})
    assert expected in text and "327,680" in text


def test_attention_matrix_at_32k_is_one_layers_64_gib():
    got = calc.attention(batch=1, layers=32, heads=32, head_dim=128, tokens=32768)
    assert got["matrix_bytes_per_layer"] == 64 * GIB and got["matrix_bytes"] == 2 * TIB
    text = _text("transformers-1", corrections="32k")
    assert "64 GiB" in text and "2 TiB" in text


def test_llama3_70b_total_parameters():
    total = calc.params(named("llama-3-70b"))["total"]
    assert f"{total / 1e9:.2f}B" in _text("transformers-2", corrections="by the slice")  # 70.55B


def test_llama3_rope_base_turns_its_slowest_pair_47x_slower():
    torch = pytest.importorskip("torch")
    from engine.positional import rope_angles

    assert named("llama-3-70b").rope_base == named("llama-3-8b").rope_base == 500000.0
    one = torch.tensor([1])
    slow_llama = rope_angles(one, 128, base=500000.0)[0, -1].item()
    slow_roformer = rope_angles(one, 128, base=10000.0)[0, -1].item()
    text = _text("transformers-2", corrections="RoPE base")
    def short(x):  # 2.46e-06 -> 2.46e-6, as the text writes it
        return f"{x:.2e}".replace("e-0", "e-")

    assert short(slow_llama) in text and short(slow_roformer) in text
    assert f"{round(slow_roformer / slow_llama)}x" in text
    assert math.isclose(slow_roformer, 10000 ** (-126 / 128))


# -- issue 27: the figures of the second audit ---------------------------------------------------

def _session_text(sid: str) -> str:
    return (next((ROOT / "sessions").glob(f"*-{sid}.yaml"))).read_text(encoding="utf-8")


def _drill(name: str) -> dict:
    return yaml.safe_load((ROOT / "drills" / name / "drill.yaml").read_text(encoding="utf-8"))


def _mlp_share(cfg, tokens: int) -> int:
    per_layer = calc.forward_flops(cfg, tokens)["per_layer"]
    return round(100 * per_layer["mlp"] / sum(per_layer.values()))


def test_mlp_share_of_flops_is_said_with_when_it_holds():
    import dataclasses

    llama8 = _mlp_share(named("llama-3-8b"), 4096)
    gpt2_1k, gpt2_4k = _mlp_share(named("gpt2"), 1024), _mlp_share(named("gpt2"), 4096)
    # MHA with a 4x GELU MLP at d = 4096 (the session's cost table's shape: h = 32, d_head = 128)
    mha = dataclasses.replace(named("gpt2"), name="mha-4096", d_model=4096, n_heads=32, d_ff=16384)
    mha_4k = _mlp_share(mha, 4096)
    assert (llama8, mha_4k, gpt2_1k, gpt2_4k) == (70, 57, 55, 35)
    assert mha_4k == round(100 * 16 * 4096 / (24 * 4096 + 4 * 4096))  # the text's 16d / (24d + 4T)
    correction = _text("transformers-1", corrections="2/3 of the FLOPs")
    for share in (llama8, mha_4k, gpt2_1k, gpt2_4k):
        assert f"{share}%" in correction
    # the condition is T/d, not the width (issue 45): 4 / (6 + T/d), at most 2/3
    gpt2_128 = _mlp_share(named("gpt2"), 128)
    assert gpt2_128 == 65 and f"{gpt2_128}% at T = 128" in correction and "4 / (6 + T/d)" in correction
    assert "d_model ≥ 4096" not in correction
    # per layer; the unembedding counted, GPT-2 small at T = 1024 is 40% MLP (113M of 285M FLOP a token)
    whole = calc.forward_flops(named("gpt2"), 1024)
    mlp_all = named("gpt2").n_layers * whole["per_layer"]["mlp"]
    assert (round(100 * mlp_all / whole["total"]), round(mlp_all / 1024 / 1e6), round(whole["total"] / 1024 / 1e6)) \
        == (40, 113, 285)
    assert "40% MLP (113M of 285M" in correction
    card = _text("transformers-1", card="mlp-flops-share")  # the formula, not percentages to memorise
    assert "16d / (24d + 4T)" in card
    for ratio, share in ((1, 57), (4, 40)):
        assert round(100 * 4 / (6 + ratio)) == share and f"{share}% at T = {ratio if ratio > 1 else ''}d" in card


def test_gqa_saving_is_query_heads_over_kv_heads():
    saving = {m: calc.kv_cache(named(m), 4096) for m in ("llama-3-8b", "llama-3-70b", "llama-2-70b")}
    ratio = {m: k["bytes_without_gqa"] // k["bytes"] for m, k in saving.items()}
    assert ratio == {"llama-3-8b": 4, "llama-3-70b": 8, "llama-2-70b": 8}
    assert 128 // 8 == 16  # Llama-3.1-405B: 128 query heads, 8 KV heads (its params.json)
    slide = _text("lesson-21", corrections="How much GQA saves")
    assert "4x for Llama-3-8B" in slide and "8x for Llama-3-70B" in slide and "16x" in slide
    assert "up to 8x" not in _session(  # the deck's phrase survives only as the quoted seed
        "lesson-21")["deep_dive"][1]["body"].split("**Correction:**")[0]
    card = _text("lesson-21", card="gqa")
    assert f"{ratio['llama-3-8b']}× Llama-3-8B" in card and f"{ratio['llama-3-70b']}× Llama-3-70B" in card


def test_llama3_8b_swiglu_is_31_percent_more_than_a_4x_gelu_mlp_not_the_same():
    cfg = named("llama-3-8b")
    assert cfg.d_ff / cfg.d_model == 3.5 and named("mistral-7b").d_ff == 14336
    mlp, gelu_4x = calc.block_params(cfg)["mlp"], 2 * 4 * cfg.d_model ** 2
    after = _drill("swiglu")["after_pass"]
    assert f"{round(100 * (mlp / gelu_4x - 1))}%" in after and "14336" in after and "11008" in after
    assert _llama_hidden(4096, 1.0, 256) == 11008  # Llama 1/2 7B: the 2/3 rule alone


def test_exact_and_tanh_gelu_differ_by_at_most_4_7e_4():
    def exact(x):
        return 0.5 * x * (1 + math.erf(x / math.sqrt(2)))

    def tanh(x):
        return 0.5 * x * (1 + math.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))

    grid = [i / 1000 for i in range(-10000, 10001)]
    worst = max(grid, key=lambda x: abs(exact(x) - tanh(x)))
    gap = abs(exact(worst) - tanh(worst))
    assert f"{gap:.1e}" == "4.7e-04" and abs(abs(worst) - 2.70) < 0.01
    message = _drill("mlp-gelu")["mistakes"]["gelu-tanh"]
    assert "4.7e-4" in message and "2.70" in message and "1e-3" not in message


def test_kv_cache_dominates_long_context_inference_not_the_score_matrix():
    card = _text("transformers-1", card="attention-memory-long-context")
    assert "KV cache" in card and "score matrix" in card
    per_token = calc.kv_cache(named("llama-3-70b"), 1)["bytes_per_token"]
    assert per_token == 320 * KIB  # the figure the KV-cache card pairs with


def test_second_audit_statements_are_gone_or_marked_as_the_seeds():
    """Each false statement of issue 27 either left the text or is quoted as the seed's, with the fix."""
    t1, t2, l21 = (_session_text(s) for s in ("transformers-1", "transformers-2", "lesson-21"))
    body = lambda sid: " ".join(p["body"] for p in _session(sid)["deep_dive"])  # noqa: E731
    unquoted = lambda text: "\n".join(  # noqa: E731
        line for line in text.splitlines() if not line.lstrip().startswith(">"))
    assert "engine of in-context learning" not in unquoted(body("transformers-1"))
    assert "ch. 9–10" not in str(_session("transformers-1")["readings"])
    assert "(Anthropic, OpenAI)" not in unquoted(body("transformers-2"))
    assert "Geva" in t2 and "Meng et al." in t2
    assert "without warmup tricks" not in unquoted(body("transformers-2"))
    assert "2,000 warmup steps" in t2
    assert "Haviv et al., 2022" in t2 and "Haviv et al." in l21
    assert "Now the default in PyTorch" not in unquoted(body("lesson-21"))
    assert "cuDNN backend joined in PyTorch 2.5" in l21 and "flash, cuDNN" not in l21  # issue 45: not in 2.0
    assert "same exact output" not in unquoted(body("lesson-21"))
    assert "superior embeddings" not in unquoted(body("lesson-21"))
    assert "GPT-2 XL: 25" in l21
    assert "1,500 steps by default" in t2
    deliverables = _session("transformers-1")["assignment"]["deliverables"]
    assert "re-read section 3" in deliverables[3]
    assert "not all alive at once" not in str(_drill("attention-cost")["mistakes"])
    assert "backward recomputes" in _drill("flash-attention")["after_pass"]
    gqa_reading = next(r for r in _session("transformers-1")["readings"]["research"] if r["title"].startswith("Grouped"))
    assert "Llama 3" not in gqa_reading["authors"] and "2024" in gqa_reading["note"]


def test_third_audit_statements_are_gone_or_corrected_with_a_source():
    """Issue 45: each false or misleading statement of the third audit left the text, or stays as the
    seed's words followed by a correction that names its source."""
    t1, t2, l21 = (_session_text(s) for s in ("transformers-1", "transformers-2", "lesson-21"))
    body = lambda sid: " ".join(p["body"] for p in _session(sid)["deep_dive"])  # noqa: E731
    unquoted = lambda text: "\n".join(  # noqa: E731
        line for line in text.splitlines() if not line.lstrip().startswith(">"))
    corrected = lambda sid, seed_words: any(  # noqa: E731
        seed_words in c["seed"] for c in _session(sid)["corrections"])
    videos = {v["title"]: v["note"] for v in _session("transformers-2")["videos"]}
    assert "first section" in videos["Let's reproduce GPT-2 (124M)"]  # 1.1: the module is built in the front
    assert corrected("transformers-2", "the back half of this video")
    assert "96 stacked sub-layers" not in t1 and "192 sub-layer" in t1  # 1.3
    for drill in ("gqa", "flash-attention"):  # 1.4: bottom-right causal, so not tril(0)
        assert "tril(Tk - Tq)" in _drill(drill)["mistakes"]["mask-diagonal"]
    # 2.x: the seed's words kept only where a correction follows
    for sid, words in (("lesson-21", "Excellent length extrapolation"), ("lesson-21", "equally effective"),
                       ("lesson-21", "GELU(W_1"), ("lesson-21", "with NTK-aware scaling"),
                       ("transformers-2", "same effect"), ("transformers-2", "base-frequency scaling (NTK-aware, YaRN)"),
                       ("transformers-2", "Post-norm gives slightly better final perplexity")):
        assert corrected(sid, words), (sid, words)
    assert "Press et al. (2021, abstract and Fig. 1)" in l21 and "Vaswani et al., 2017, §3.3" in l21
    assert "slightly better final perplexity" not in unquoted(body("transformers-2"))
    assert "relative ones (RoPE, ALiBi) build in the bias" not in t2 and "§3.4.3" in t2  # 2.6
    assert "arXiv 2309.00071" in t2 and "arXiv 2306.15595" in t2  # YaRN and Position Interpolation
    research = _session("transformers-2")["readings"]["research"]
    assert not any("Self-extending" in r["title"] for r in research) and corrected("transformers-2", "Self-extending RoPE")
    assert "mistralai/mistral-src" not in t2 and "llama-models" in t2  # 2.14
    assert "~40k ★," not in t1 and "von Oswald et al." in t1 and "Clark et al., 2019" in t1  # 2.14, 2.7, 2.8
    assert "34B and 70B use GQA" not in t1 + t2 + l21 and "never released" in t1 and "never released" in l21
    assert "Gemma 7B" in t2 and "FP8" in l21 and "FP8" in t2  # 2.16, 2.18
    assert "in 2024 the strongest embedding models" in l21 and "today's strongest" not in l21  # 2.19
    assert "FlashAttention-3" in l21 and "A100" in l21 and "Raffel et al., 2020" in l21  # 2.9, 2.10
    assert "v0.1" in _drill("longest-substring")["after_pass"]  # 2.13
    assert "GPT-2 MLP" not in _drill("mlp-gelu")["title"]  # 2.20
    assert "2.5 GiB is the fp32 figure" in t2  # 3.3
    assert "right for every model the deck names" in l21  # 3.2: "up to 8x" is right for the models named
    assert "SoLU" in t2  # 3.5


def test_second_read_of_the_third_audit_fixes():
    """Issue 45, the second reader's findings on the fixes themselves: each said as its source says it."""
    t1, t2, l21 = (_session_text(s) for s in ("transformers-1", "transformers-2", "lesson-21"))
    ffn = _text("lesson-21", corrections="original transformer's FFN")
    slide = next(p["body"] for p in _session("lesson-21")["deep_dive"] if "GELU(W_1" in p["body"])
    assert "are not 4×" not in l21  # 4096 -> 16384 is right for a GELU FFN; only SwiGLU models differ
    for words in ("16384", "OPT-6.7B", "GPT-J-6B", "Pythia-6.9B", "8/3", "11008", "14336"):
        assert words in ffn and words in slide, words
    akyurek = _text("transformers-1", corrections="In-context learning as gradient descent")
    assert "depth and dataset noise" in akyurek and "Bayesian estimators" in akyurek and "2211.15661" in akyurek
    assert "depending on depth and width" not in t1 and "depth and width;" not in t1
    heads = next(p["body"] for p in _session("transformers-1")["deep_dive"] if "Syntactic heads" in p["body"])
    listed = heads.split("**Syntactic heads**")[1].split("> **Correction:**")[0]
    assert "bracket" not in listed and "agreement" not in listed  # neither paper reports them
    assert "nsubj" in listed and "direct object" in listed and "coreferent" in listed
    assert "bracket" in _text("transformers-1", corrections="What syntactic heads do")
    mistral = next(r for r in _session("transformers-2")["readings"]["research"] if "mistral" in r["title"])
    assert "Archived on 2026-06-16" in mistral["note"]
    after = _drill("longest-substring")["after_pass"]
    assert "Mixtral" in after and "v0.2" in after and "Ministral-8B-Instruct-2410" in after
