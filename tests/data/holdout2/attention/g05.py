import numpy as np


def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)


def attention(q, k, v, mask=None):
    dk = v.shape[-1]
    scores = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(dk)
    if mask is None:
        return (softmax(scores) @ v).astype(q.dtype)
    scores = np.where(mask, scores, -1e30)
    p = softmax(scores) * mask
    return (p @ v).astype(q.dtype)
