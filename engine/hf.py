"""A Hugging Face `transformers` model's weights in an engine Transformer: GPT-2 and Llama. The
engine's word is checked against the implementation most learners meet next (tests/test_hf.py).
`transformers` itself is never imported here: the model object carries all that is needed."""

from __future__ import annotations

import torch

from engine.config import ModelConfig
from engine.model import Transformer
from engine.positional import convert_qk_weight

GELU = {"gelu_new": "tanh", "gelu_pytorch_tanh": "tanh", "gelu_fast": "tanh", "gelu": "none"}


def _gpt2_config(c) -> ModelConfig:
    if c.activation_function not in GELU:
        raise ValueError(f"GPT-2 activation {c.activation_function!r} has no engine GELU (known: {', '.join(GELU)})")
    if getattr(c, "scale_attn_by_inverse_layer_idx", False) or getattr(c, "reorder_and_upcast_attn", False):
        raise ValueError("GPT-2 variants that rescale attention by layer are not in the engine")
    return ModelConfig(name=f"hf-{c.model_type}", vocab_size=c.vocab_size, d_model=c.n_embd, n_layers=c.n_layer,
                       n_heads=c.n_head, d_ff=c.n_inner or 4 * c.n_embd, max_seq=c.n_positions, style="gpt",
                       bias=True, tied=True, norm_eps=c.layer_norm_epsilon, gelu=GELU[c.activation_function],
                       source=f"transformers {type(c).__name__}")


def _rope_theta(c) -> float:
    params = getattr(c, "rope_parameters", None) or getattr(c, "rope_scaling", None) or {}
    kind = params.get("rope_type", "default") if isinstance(params, dict) else "default"
    if kind != "default":
        raise ValueError(f"RoPE scaling {kind!r} is not in the engine")
    theta = params.get("rope_theta") if isinstance(params, dict) else None
    return float(theta if theta is not None else getattr(c, "rope_theta", 10000.0))


def _llama_config(c, rope_convention: str) -> ModelConfig:
    head_dim = getattr(c, "head_dim", None) or c.hidden_size // c.num_attention_heads
    if head_dim * c.num_attention_heads != c.hidden_size:
        raise ValueError(f"head_dim {head_dim} x {c.num_attention_heads} heads != hidden_size {c.hidden_size}")
    if getattr(c, "attention_bias", False) or getattr(c, "mlp_bias", False):
        raise ValueError("Llama with biases is not in the engine")
    return ModelConfig(name=f"hf-{c.model_type}", vocab_size=c.vocab_size, d_model=c.hidden_size,
                       n_layers=c.num_hidden_layers, n_heads=c.num_attention_heads,
                       n_kv_heads=c.num_key_value_heads, d_ff=c.intermediate_size, max_seq=c.max_position_embeddings,
                       style="llama", bias=False, tied=bool(c.tie_word_embeddings), norm_eps=c.rms_norm_eps,
                       rope_base=_rope_theta(c), rope_convention=rope_convention,
                       sliding_window=getattr(c, "sliding_window", None) if getattr(c, "use_sliding_window", False)
                       else None,
                       source=f"transformers {type(c).__name__}")


@torch.no_grad()
def from_hf(model, rope_convention: str = "interleaved") -> Transformer:
    """An engine Transformer with the weights of a `GPT2LMHeadModel` or `LlamaForCausalLM`, in its
    dtype and on its device. GPT-2's Conv1D weights (in, out) are transposed to Linear's (out, in);
    Llama's q/k rows, written for HF's half-split RoPE, are permuted to the interleaved convention
    (or kept, with rope_convention="half")."""
    kind = model.config.model_type
    p = next(model.parameters())
    if kind == "gpt2":
        cfg = _gpt2_config(model.config)
        engine = Transformer(cfg).to(dtype=p.dtype, device=p.device).eval()
        hf = model.transformer
        engine.wte.weight.copy_(hf.wte.weight)
        engine.wpe.weight.copy_(hf.wpe.weight)
        d = cfg.d_model
        for mine, theirs in zip(engine.blocks, hf.h):
            for norm in ("ln_1", "ln_2"):
                getattr(mine, norm).weight.copy_(getattr(theirs, norm).weight)
                getattr(mine, norm).bias.copy_(getattr(theirs, norm).bias)
            w, b = theirs.attn.c_attn.weight.T, theirs.attn.c_attn.bias  # Conv1D: (d, 3d) -> (3d, d)
            for i, lin in enumerate((mine.attn.wq, mine.attn.wk, mine.attn.wv)):
                lin.weight.copy_(w[i * d:(i + 1) * d])
                lin.bias.copy_(b[i * d:(i + 1) * d])
            mine.attn.wo.weight.copy_(theirs.attn.c_proj.weight.T)
            mine.attn.wo.bias.copy_(theirs.attn.c_proj.bias)
            mine.mlp.c_fc.weight.copy_(theirs.mlp.c_fc.weight.T)
            mine.mlp.c_fc.bias.copy_(theirs.mlp.c_fc.bias)
            mine.mlp.c_proj.weight.copy_(theirs.mlp.c_proj.weight.T)
            mine.mlp.c_proj.bias.copy_(theirs.mlp.c_proj.bias)
        engine.ln_f.weight.copy_(hf.ln_f.weight)
        engine.ln_f.bias.copy_(hf.ln_f.bias)
        engine.lm_head.weight.copy_(model.lm_head.weight)  # tied to wte in both
        return engine
    if kind == "llama":
        if rope_convention not in ("interleaved", "half"):
            raise ValueError(f"unknown RoPE convention {rope_convention!r}")
        cfg = _llama_config(model.config, rope_convention)
        engine = Transformer(cfg).to(dtype=p.dtype, device=p.device).eval()
        hf = model.model

        def qk(weight, heads):
            return weight if rope_convention == "half" else convert_qk_weight(weight, heads, to="interleaved")

        engine.wte.weight.copy_(hf.embed_tokens.weight)
        for mine, theirs in zip(engine.blocks, hf.layers):
            mine.ln_1.weight.copy_(theirs.input_layernorm.weight)
            mine.ln_2.weight.copy_(theirs.post_attention_layernorm.weight)
            mine.ln_1.eps = theirs.input_layernorm.variance_epsilon
            mine.ln_2.eps = theirs.post_attention_layernorm.variance_epsilon
            att = theirs.self_attn
            mine.attn.wq.weight.copy_(qk(att.q_proj.weight, cfg.n_heads))
            mine.attn.wk.weight.copy_(qk(att.k_proj.weight, cfg.kv_heads))
            mine.attn.wv.weight.copy_(att.v_proj.weight)
            mine.attn.wo.weight.copy_(att.o_proj.weight)
            mine.mlp.w1.weight.copy_(theirs.mlp.gate_proj.weight)
            mine.mlp.w3.weight.copy_(theirs.mlp.up_proj.weight)
            mine.mlp.w2.weight.copy_(theirs.mlp.down_proj.weight)
        engine.ln_f.weight.copy_(hf.norm.weight)
        engine.ln_f.eps = hf.norm.variance_epsilon
        if not cfg.tied:
            engine.lm_head.weight.copy_(model.lm_head.weight)
        return engine
    raise ValueError(f"from_hf knows GPT-2 and Llama, not {kind!r}")
