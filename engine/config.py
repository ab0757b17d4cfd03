"""Model configurations (plain data): nanoGPT-style and Llama-style, and the named real models."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class ModelConfig:
    name: str = "custom"
    vocab_size: int = 256
    d_model: int = 128
    n_layers: int = 4
    n_heads: int = 4
    n_kv_heads: int | None = None  # None: as many as query heads (MHA); 1: MQA
    d_ff: int | None = None  # None: 4 * d_model
    max_seq: int = 256
    style: str = "gpt"  # "gpt": learned positions, LayerNorm, GELU; "llama": RoPE, RMSNorm, SwiGLU
    bias: bool = True  # biases in Linear layers (GPT-2, GPT-3); Llama has none
    tied: bool = True  # unembedding shares the token embedding
    norm_eps: float = 1e-5
    rope_base: float = 10000.0
    rope_convention: str = "interleaved"  # pairs (2i, 2i+1) as Meta's Llama; "half": i with i + d/2 as HF's
    gelu: str = "none"  # the GPT MLP's GELU: "none" exact (erf), "tanh" the approximation GPT-2 was trained with
    sliding_window: int | None = None
    dropout: float = 0.0
    source: str = ""

    @property
    def d_head(self) -> int:
        return self.d_model // self.n_heads

    @property
    def kv_heads(self) -> int:
        return self.n_kv_heads or self.n_heads

    @property
    def ffn(self) -> int:
        return self.d_ff or 4 * self.d_model

    def with_(self, **changes) -> "ModelConfig":
        return replace(self, **changes)


NAMED: dict[str, ModelConfig] = {
    "gpt2": ModelConfig(
        name="gpt2", vocab_size=50257, d_model=768, n_layers=12, n_heads=12, d_ff=3072, max_seq=1024,
        style="gpt", bias=True, tied=True, gelu="tanh",
        source="GPT-2 small (124M): Radford et al. 2019; HF gpt2 config.json"),
    "gpt3-175b": ModelConfig(
        name="gpt3-175b", vocab_size=50257, d_model=12288, n_layers=96, n_heads=96, d_ff=4 * 12288,
        max_seq=2048, style="gpt", bias=True, tied=True,
        source="GPT-3 175B: Brown et al. 2020, Table 2.1 (dense attention assumed throughout)"),
    "llama-2-70b": ModelConfig(
        name="llama-2-70b", vocab_size=32000, d_model=8192, n_layers=80, n_heads=64, n_kv_heads=8,
        d_ff=28672, max_seq=4096, style="llama", bias=False, tied=False, norm_eps=1e-5,
        source="Llama 2 70B: Touvron et al. 2023; meta-llama/Llama-2-70b-hf config.json"),
    "llama-3-8b": ModelConfig(
        name="llama-3-8b", vocab_size=128256, d_model=4096, n_layers=32, n_heads=32, n_kv_heads=8,
        d_ff=14336, max_seq=8192, style="llama", bias=False, tied=False, norm_eps=1e-5,
        rope_base=500000.0, source="Llama 3 8B: Meta 2024; meta-llama/Meta-Llama-3-8B config.json"),
    "llama-3-70b": ModelConfig(
        name="llama-3-70b", vocab_size=128256, d_model=8192, n_layers=80, n_heads=64, n_kv_heads=8,
        d_ff=28672, max_seq=8192, style="llama", bias=False, tied=False, norm_eps=1e-5,
        rope_base=500000.0, source="Llama 3 70B: Meta 2024; meta-llama/Meta-Llama-3-70B config.json"),
    "mistral-7b": ModelConfig(
        name="mistral-7b", vocab_size=32000, d_model=4096, n_layers=32, n_heads=32, n_kv_heads=8,
        d_ff=14336, max_seq=32768, style="llama", bias=False, tied=False, norm_eps=1e-5,
        sliding_window=4096,
        source="Mistral 7B v0.1: Jiang et al. 2023; mistralai/Mistral-7B-v0.1 config.json"),
}


def named(name: str) -> ModelConfig:
    try:
        return NAMED[name]
    except KeyError:
        raise KeyError(f"unknown model {name!r} (known: {', '.join(NAMED)})") from None
