import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    out = np.zeros((B, T, d), dtype=x.dtype)
    if mask is None:
        allowed = np.ones((B, T, T), dtype=bool)
    else:
        allowed = np.broadcast_to(mask, (B, T, T))
    # each head is an independent subsystem: integrate them one by one and superpose
    for h in range(n_heads):
        sl = slice(h, h + dh)
        q_h = x @ w_q[:, sl]
        k_h = x @ w_k[:, sl]
        v_h = x @ w_v[:, sl]
        energy = q_h @ np.swapaxes(k_h, 1, 2) / np.sqrt(dh)
        energy = np.where(allowed, energy, -np.inf)
        ground = energy.max(axis=-1, keepdims=True)
        ground = np.where(np.isfinite(ground), ground, 0.0)
        boltz = np.exp(energy - ground)
        Z = boltz.sum(axis=-1, keepdims=True)
        occupancy = boltz / np.where(Z > 0, Z, 1.0)
        out = (occupancy @ v_h) @ w_o[sl, :]
    return out
