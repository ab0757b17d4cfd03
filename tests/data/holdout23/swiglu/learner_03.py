import numpy as np


def _silu(z: np.ndarray) -> np.ndarray:
    return z * (1.0 / (1.0 + np.exp(z)))


def swiglu(x: np.ndarray, w_gate: np.ndarray, w_up: np.ndarray, w_down: np.ndarray) -> np.ndarray:
    assert w_gate.shape == w_up.shape, "gate and up projections must match"
    assert w_down.shape == w_gate.shape[::-1]
    hidden = _silu(x @ w_up) * (x @ w_gate)
    out = hidden @ w_down
    assert out.shape == x.shape
    return out
