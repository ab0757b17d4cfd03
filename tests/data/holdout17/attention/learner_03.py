import math

import numpy as np


def attention(q, k, v, mask=None):
    # the feature size of the queries and keys sets the temperature
    d = q.shape[-1]
    # similarity of every query with every key: (..., Tq, Tk)
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) / d
    # positions a query may not attend to get -inf, so softmax gives them 0
    if mask is not None:
        scores = np.where(mask, -np.inf, scores)
    # subtract the row max for numerical stability (a fully masked row has max -inf)
    row_max = np.max(scores, axis=-1, keepdims=True)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    weights = np.exp(scores - row_max)
    # normalise each row; a row with nothing to attend to keeps all-zero weights
    denom = np.sum(weights, axis=-2, keepdims=True)
    probs = weights / np.where(denom == 0, 1.0, denom)
    # weighted sum of the values
    return np.matmul(probs, v).astype(q.dtype)
