"""Lesson 21, Exercise 2: attention weights per head on a sentence, as a grid with the tokens on
both axes, from the engine or from the learner's own `attention` drill submission. The weights are
random and untrained (hashed word vectors, random W_Q and W_K): the screen says so."""

from __future__ import annotations

import re
import runpy
import zlib
from pathlib import Path

import numpy as np
import torch

from engine.attention import causal_mask, naive_attention
from engine.positional import sinusoidal

SENTENCE = "The cat sat on the mat because it was tired."


def tokens(sentence: str = SENTENCE) -> list[str]:
    return re.findall(r"\w+|[^\w\s]", sentence)


def _inputs(toks: list[str], n_heads: int, d_head: int, seed: int):
    d = n_heads * d_head
    # each word gets a fixed random embedding (from its lower-case form: "The" and "the" share one)
    emb = torch.stack([torch.randn(d, generator=torch.Generator().manual_seed(zlib.crc32(t.lower().encode())),
                                   dtype=torch.float64) for t in toks])
    x = emb + sinusoidal(len(toks), d, dtype=torch.float64)
    g = torch.Generator().manual_seed(seed)
    w_q, w_k = (torch.randn(d, d, generator=g, dtype=torch.float64) / d ** 0.5 for _ in range(2))
    q = (x @ w_q).view(len(toks), n_heads, d_head).transpose(0, 1)
    k = (x @ w_k).view(len(toks), n_heads, d_head).transpose(0, 1)
    return q, k


def weights(sentence: str = SENTENCE, n_heads: int = 4, d_head: int = 16, seed: int = 0,
            submission: Path | None = None) -> tuple[list[str], np.ndarray]:
    """(tokens, weights (n_heads, T, T)), causal as in a decoder. With a submission, its own
    attention(q, k, v, mask) computes them: v = the identity matrix makes the output the weights."""
    toks = tokens(sentence)
    q, k = _inputs(toks, n_heads, d_head, seed)
    T = len(toks)
    mask = causal_mask(T, T)
    if submission is None:
        _, w = naive_attention(q, k, torch.eye(T, dtype=torch.float64).expand(n_heads, T, T), mask,
                               return_weights=True)
        return toks, w.numpy()
    fn = runpy.run_path(str(submission), run_name="submission")["attention"]
    source = submission.read_text(encoding="utf-8")
    eye = np.broadcast_to(np.eye(T), (n_heads, T, T)).copy()
    if "import torch" in source:
        out = fn(q, k, torch.from_numpy(eye), mask)
        return toks, out.detach().cpu().numpy()
    return toks, np.asarray(fn(q.numpy(), k.numpy(), eye, mask.numpy()))
