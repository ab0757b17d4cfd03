import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    W, V, W_2 = w_gate, w_up, w_down                 # Shazeer (2020): FFN_SwiGLU(x) = (Swish_1(xW) * xV) W_2
    xW = np.matmul(x, W)
    xV = np.matmul(x, V)
    sigma = 1.0 / (1.0 + np.exp(-xW))                # sigma(xW)
    swish = sigma                               # Swish_beta(z) = z * sigma(beta z), beta = 1
    return np.matmul(swish * xV, W_2)
