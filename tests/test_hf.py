"""The engine against a real peer: tiny Hugging Face GPT-2 and Llama models with random weights (no
download), their weights copied by engine.hf.from_hf, logits and greedy generation compared."""

import warnings

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from engine.config import named  # noqa: E402
from engine.hf import from_hf  # noqa: E402

VOCAB = 101


def _gpt2(activation="gelu_new", dtype=torch.float64):
    torch.manual_seed(0)
    cfg = transformers.GPT2Config(n_embd=64, n_layer=2, n_head=4, vocab_size=VOCAB, n_positions=64,
                                  activation_function=activation, initializer_range=0.1,
                                  bos_token_id=None, eos_token_id=None, pad_token_id=None)
    return transformers.GPT2LMHeadModel(cfg).eval().to(dtype)


def _llama(dtype=torch.float64):
    torch.manual_seed(1)
    cfg = transformers.LlamaConfig(hidden_size=64, intermediate_size=160, num_hidden_layers=2, num_attention_heads=4,
                                   num_key_value_heads=2, vocab_size=VOCAB, max_position_embeddings=64,
                                   initializer_range=0.1, rope_theta=500000.0,
                                   bos_token_id=None, eos_token_id=None, pad_token_id=None)
    return transformers.LlamaForCausalLM(cfg).eval().to(dtype)


def _tokens(T=23, B=2):
    return torch.randint(0, VOCAB, (B, T), generator=torch.Generator().manual_seed(2))


@torch.no_grad()
def _max_diff(hf, engine, x):
    theirs, mine = hf(x).logits, engine(x)
    return (theirs - mine).abs().max().item(), theirs.abs().max().item()


def test_gpt2_logits_match_in_float64_and_float32_with_no_patching():
    x = _tokens()
    diff, scale = _max_diff(_gpt2(), from_hf(_gpt2()), x)
    assert diff <= 1e-10 and scale > 1  # the logits are not all near zero
    hf32 = _gpt2(dtype=torch.float32)
    diff32, _ = _max_diff(hf32, from_hf(hf32), x)
    assert diff32 <= 1e-4


def test_gpt2_needs_its_tanh_gelu_and_the_named_config_has_it():
    assert named("gpt2").gelu == "tanh"
    hf = _gpt2()
    exact = from_hf(_gpt2(activation="gelu"))  # the same weights, the exact GELU
    diff, _ = _max_diff(hf, exact, _tokens())
    assert diff > 1e-6  # the GELU form shows in the logits: the engine must say which one


@pytest.mark.parametrize("convention", ["interleaved", "half"])
def test_llama_with_gqa_matches_in_both_rope_conventions(convention):
    hf = _llama()
    engine = from_hf(hf, rope_convention=convention)
    assert engine.cfg.kv_heads == 2 and engine.cfg.rope_convention == convention and engine.cfg.rope_base == 500000.0
    diff, scale = _max_diff(hf, engine, _tokens())
    assert diff <= 1e-5 and scale > 1  # HF computes RoPE's angles and RMSNorm in float32
    hf32 = _llama(torch.float32)
    diff32, _ = _max_diff(hf32, from_hf(hf32, rope_convention=convention), _tokens())
    assert diff32 <= 1e-4


@pytest.mark.parametrize("build,convention", [(_gpt2, "interleaved"), (_llama, "interleaved"), (_llama, "half")])
def test_greedy_generation_with_the_cache_gives_hfs_tokens(build, convention):
    hf = build()
    engine = from_hf(hf, rope_convention=convention) if build is _llama else from_hf(hf)
    prompt = _tokens(T=5, B=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = hf.generate(prompt, max_new_tokens=20, do_sample=False)
    mine = engine.generate(prompt, 20, greedy=True, use_cache=True)
    assert theirs.shape == (1, 25)
    assert torch.equal(theirs, mine)
    assert torch.equal(engine.generate(prompt, 20, greedy=True, use_cache=False), mine)


def test_an_unknown_architecture_is_refused():
    cfg = transformers.BertConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64,
                                  vocab_size=50)
    with pytest.raises(ValueError, match="GPT-2 and Llama"):
        from_hf(transformers.BertForMaskedLM(cfg))
