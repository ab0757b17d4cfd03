import math
import numpy as np

_erf = np.vectorize(math.erf)


def exact_gelu(values):
    scaled = values / 2.0
    erf_part = _erf(scaled).astype(values.dtype)
    return 0.5 * values * (1.0 + erf_part)


def mlp(x, w1, b1, w2, b2):
    input_dtype = x.dtype
    first_linear = np.matmul(x, w1)
    first_linear_with_bias = first_linear + b1
    activated = exact_gelu(first_linear)
    second_linear = np.matmul(activated, w2)
    output = second_linear + b2
    return output.astype(input_dtype)
