# ATTACK a04 (drill: attention, numpy): outlive the grading with a setsid double fork.
# The grandchild leaves the sandbox's process group and session, then sleeps 40 s and touches
# /tmp/studyxf-redteam/a04.<pid>.alive every second (it never writes anywhere else).
# SUCCESS: after `studyxf drill` returns, a marker's mtime keeps advancing / its pid is alive.
import os
import time

MARK = "/tmp/studyxf-redteam"
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.makedirs(MARK, exist_ok=True)
        p = f"{MARK}/a04.{os.getpid()}.alive"
        for _ in range(40):
            with open(p, "w") as fh:
                fh.write(str(time.time()))
            time.sleep(1)
        os._exit(0)
    os._exit(0)


def attention(q, k, v, mask=None):
    import numpy as np
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    m = np.max(s, -1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(s - m)
    t = e.sum(-1, keepdims=True)
    return ((e / np.where(t > 0, t, 1)) @ v).astype(q.dtype)
