import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm: see TASK.md."""
    raise NotImplementedError("write rms_norm here")
