from typing import NamedTuple, Optional

import numpy as np


class Scores(NamedTuple):
    logits: np.ndarray
    allowed: Optional[np.ndarray]


class Weights(NamedTuple):
    probs: np.ndarray
    empty_rows: np.ndarray


def score(q: np.ndarray, k: np.ndarray, mask: Optional[np.ndarray]) -> Scores:
    d = q.shape[-2]
    logits = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(d).astype(q.dtype)
    allowed = None if mask is None else np.broadcast_to(mask, logits.shape)
    return Scores(logits, allowed)


def normalise(s: Scores) -> Weights:
    logits = s.logits if s.allowed is None else np.where(~s.allowed, s.logits, -np.inf)
    peak = np.max(logits, axis=-1, keepdims=True)
    peak = np.where(np.isneginf(peak), 0.0, peak)
    e = np.exp(logits - peak)
    total = e.sum(axis=-1, keepdims=True)
    empty = total == 0
    return Weights(e / np.where(empty, 1.0, total), empty)


def attention(q, k, v, mask=None):
    w = normalise(score(q, k, mask))
    out = np.matmul(w.probs, v)
    return out.astype(q.dtype)
