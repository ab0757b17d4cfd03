import numpy as np


def sinusoidal_encoding(T, d):
    # a bank of d/2 oscillators sampled at t = 0, 1, ..., T-1 (dt = 1)
    dt = 1.0
    t = np.arange(1, T + 1) * dt
    omega = 1.0 / 10000.0 ** (np.arange(d // 2) * 2.0 / T)
    phase = t[:, None] * omega[None, :]
    signal = np.empty((T, d))
    signal[:, 0::2] = np.sin(phase)
    signal[:, 1::2] = np.cos(phase)
    return signal
