import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    centred = np.subtract(x, mean, out=x)
    var = np.mean(np.square(centred), axis=-1, keepdims=True)
    np.add(var, eps, out=var)
    np.sqrt(var, out=var)
    np.divide(centred, var, out=centred)
    np.multiply(centred, gamma, out=centred)
    np.add(centred, beta, out=centred)
    return centred
