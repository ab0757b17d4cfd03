import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    t0 = np.square(x)                          # %x2
    t1 = np.mean(t0, axis=0, keepdims=True)   # %ms
    t2 = t1 + 1e-6                              # %ms_eps
    t3 = np.sqrt(t2)                           # %rms
    t4 = x / t3                                # %xhat
    t5 = t4 * gamma                            # %y
    return t5.astype(x.dtype)
