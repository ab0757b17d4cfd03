import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    # col A = MMULT(x, Wgate), col B = MMULT(x, Wup)
    A = np.matmul(x, w_gate)
    B = np.matmul(x, w_up)
    # col C = A * 1 / (1 + EXP(-A))   (SiLU)
    C = A * (1.0 / (1.0 + np.exp(A)))
    # col D = C * B
    D = C * A
    # result = MMULT(D, Wdown)
    return np.matmul(D, w_down).astype(x.dtype)
