import numpy as np


def softmax(z):
    z = z - np.max(z, axis=-1, keepdims=True)
    ez = np.exp(z)
    return ez / np.sum(ez, axis=-1, keepdims=True)


def attention(q, k, v, mask=None):
    dk = v.shape[-1]  # head size
    logits = q @ np.swapaxes(k, -1, -2)
    logits = logits / np.sqrt(dk)

    dead = None
    if mask is not None:
        # rows where nothing is allowed come out nan, patch them below
        dead = ~np.any(mask, axis=-1, keepdims=True)
        logits = np.where(mask, logits, -np.inf)

    with np.errstate(invalid="ignore"):
        w = softmax(logits)
    if dead is not None:
        w = np.where(dead, 0.0, w)

    return (w @ v).astype(q.dtype)
