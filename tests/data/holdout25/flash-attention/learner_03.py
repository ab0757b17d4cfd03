import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk, dv = k.shape[-2], v.shape[-1]
    lead = q.shape[:-2]
    dt = 1.0 / np.sqrt(dv)                          # "time step": the logit scale
    offset = Tk - Tq                               # bottom-right alignment of the light cone
    rows = np.arange(1, Tq + 1)[:, None]
    # integrator state, one per query row: running max, running sum, unnormalised output
    m_state = np.full(lead + (Tq, 1), -np.inf, dtype=np.float64)
    l_state = np.zeros(lead + (Tq, 1), dtype=np.float64)
    acc_state = np.zeros(lead + (Tq, dv), dtype=np.float64)
    q64 = q.astype(np.float64)
    for t0 in range(0, Tk, block_size):
        t1 = min(t0 + block_size, Tk)
        k_blk = k[..., t0:t1, :].astype(np.float64)
        v_blk = v[..., t0:t1, :].astype(np.float64)
        force = (q64 @ np.swapaxes(k_blk, -1, -2)) * dt
        if causal:
            cols = np.arange(t0, t1)[None, :]
            force = np.where(cols <= rows + offset, force, -np.inf)
        m_new = np.maximum(m_state, force.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isfinite(m_new), m_new, 0.0)
        decay = np.exp(m_state - m_safe)
        p = np.exp(force - m_safe)
        l_state = l_state * decay + p.sum(axis=-1, keepdims=True)
        acc_state = acc_state + p @ v_blk
        m_state = m_new
    out = acc_state / np.where(l_state > 0, l_state, 1.0)
    return out.astype(q.dtype)
