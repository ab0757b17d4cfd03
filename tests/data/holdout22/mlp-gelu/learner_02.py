import math
import numpy as np

_erf = np.vectorize(math.erf)


def mlp(x, w1, b1, w2, b2):
    """y_{...j} = gelu(x_{...i} W1_{ik} + b1_k) W2_{kj} + b2_j."""
    z = np.tensordot(x, w1, axes=([-1], [0])) + b1                       # z_{...k}
    g = 0.5 * z * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z ** 3)))      # gelu_{...k}
    return np.tensordot(g, w2, axes=([-1], [0]))                    # y_{...j}
