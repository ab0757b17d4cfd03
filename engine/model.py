"""A decoder-only transformer from a ModelConfig (nanoGPT-style or Llama-style), with
generate(): greedy, temperature and top-k sampling, with or without a KV cache."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from engine.block import Block, make_norm
from engine.cache import KVCache
from engine.config import ModelConfig
from engine.positional import LearnedPositions


class Transformer(nn.Module):
    def __init__(self, cfg: ModelConfig, norm_first: bool = True, path: str = "sdpa"):
        super().__init__()
        self.cfg = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.wpe = LearnedPositions(cfg.max_seq, cfg.d_model) if cfg.style == "gpt" else None
        self.blocks = nn.ModuleList(Block(cfg, norm_first, True, path) for _ in range(cfg.n_layers))
        self.ln_f = make_norm(cfg)
        self.lm_head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)
        if cfg.tied:
            self.lm_head.weight = self.wte.weight
        self.apply(self._init)

    @staticmethod
    def _init(module):
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, std=0.02)
            if module.bias is not None:
                nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            nn.init.normal_(module.weight, std=0.02)

    def forward(self, idx: torch.Tensor, start_pos: int = 0, cache: KVCache | None = None) -> torch.Tensor:
        """idx (B, T) token ids -> logits (B, T, vocab)."""
        x = self.wte(idx)
        if self.wpe is not None:
            x = x + self.wpe(idx.shape[1], start_pos)
        for i, block in enumerate(self.blocks):
            x = block(x, start_pos=start_pos, cache=cache, layer=i)
        return self.lm_head(self.ln_f(x))

    def new_cache(self, batch: int, max_seq: int | None = None, dtype=None, device=None) -> KVCache:
        cfg = self.cfg
        p = next(self.parameters())
        return KVCache(cfg.n_layers, batch, max_seq or cfg.max_seq, cfg.kv_heads, cfg.d_head,
                       dtype or p.dtype, device or p.device, cfg.sliding_window)

    @torch.no_grad()
    def generate(self, idx: torch.Tensor, max_new_tokens: int, temperature: float = 1.0, top_k: int | None = None,
                 greedy: bool = False, use_cache: bool = True, generator: torch.Generator | None = None,
                 return_logits: bool = False):
        """Append max_new_tokens tokens to idx (B, T). With the cache, the prompt is processed once
        and each step feeds one token at its position; without it, every step recomputes all."""
        cache = self.new_cache(idx.shape[0], idx.shape[1] + max_new_tokens) if use_cache else None
        out, all_logits = idx, []
        step_input, start = idx, 0
        for _ in range(max_new_tokens):
            if cache is not None:
                logits = self(step_input, start_pos=start, cache=cache)[:, -1]
                start += step_input.shape[1]
            else:
                context = out if self.wpe is None else out[:, -self.cfg.max_seq:]
                logits = self(context)[:, -1]
            all_logits.append(logits)
            if greedy or temperature == 0:
                nxt = logits.argmax(dim=-1, keepdim=True)
            else:
                scaled = logits.float() / temperature
                if top_k is not None:
                    kth = torch.topk(scaled, min(top_k, scaled.shape[-1])).values[..., -1:]
                    scaled = scaled.masked_fill(scaled < kth, float("-inf"))
                nxt = torch.multinomial(F.softmax(scaled, dim=-1), 1, generator=generator)
            out = torch.cat((out, nxt), dim=1)
            step_input = nxt
        return (out, torch.stack(all_logits, dim=1)) if return_logits else out
