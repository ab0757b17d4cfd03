import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    # Step 1: mean of each row over the last axis.
    mean = x.mean(axis=0, keepdims=True)
    # Step 2: biased variance (divide by d, not d - 1).
    var = x.var(axis=-1, keepdims=True)
    # Step 3: normalise with eps inside the square root.
    x_hat = (x - mean) / np.sqrt(var + eps)
    # Step 4: scale and shift.
    return x_hat * gamma
