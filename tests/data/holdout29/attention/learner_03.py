import numpy as np


def _unravel(flat, dims):
    """Flat block number -> index tuple over the leading dims (last dim fastest)."""
    idx = []
    for size in reversed(dims):
        flat, r = divmod(flat, size)
        idx.append(r)
    return tuple(reversed(idx))


def attention(q, k, v, mask=None):
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    Tq, d = q.shape[-2:]
    Tk, dv = v.shape[-2:]
    qb = np.broadcast_to(q, lead + (Tq, d))
    kb = np.broadcast_to(k, lead + (Tk, d))
    vb = np.broadcast_to(v, lead + (Tk, dv))
    mb = np.broadcast_to(True if mask is None else mask, lead + (Tq, Tk))
    out = np.zeros(lead + (Tq, dv), dtype=q.dtype)
    n_blocks = int(np.prod(lead, dtype=np.int64))
    for flat in range(n_blocks):
        ix = _unravel(flat, lead)
        s = qb[ix] @ kb[ix].T / np.sqrt(d).astype(q.dtype)
        s = np.where(mb[ix], s, -np.inf)
        for row in range(1, Tq):
            if not mb[ix][row].any():
                continue
            e = np.exp(s[row] - s[row].max())
            out[ix + (row,)] = e / e.max() @ vb[ix]
    return out
