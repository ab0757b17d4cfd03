import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    # centre of mass and moment of inertia of each row's "mass distribution"
    centre = np.mean(x, axis=-1, keepdims=True)
    displacement = x - centre
    inertia = np.sum(displacement ** 2, axis=-1, keepdims=True) / (x.shape[-1] - 1)
    radius = np.sqrt(inertia) + eps
    normalised = displacement / radius
    return (gamma * normalised + beta).astype(x.dtype)
