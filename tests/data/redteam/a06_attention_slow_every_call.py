# ATTACK a06 (drill: attention, numpy): make one grading last far longer than the per-case limit.
# Every call sleeps just under the sandbox's own alarm (getitimer) and under 6.5 s (the judge waits
# STUDYXF_CASE_TIMEOUT + 5 s), never tripping either, and returns a wrong
# but deterministic answer so that every case fails and the diagnosis (repeat probe, localisation
# traces, the drill's probes) calls it again and again, each call waiting almost a full limit.
# SUCCESS: the grading's wall time is many times the per-case limit (with the default 10 s it hits
# the runner's 120 s backstop: "time-out: grading was stopped after 120 s", earlier cases lost).
import signal
import time

import numpy as np

calls = 0


def attention(q, k, v, mask=None):
    global calls
    calls += 1
    left = signal.getitimer(signal.ITIMER_REAL)[0]  # what the sandbox's per-call alarm has left
    # the judge waits limit + 5 s; the sandbox's alarm is 10 s whatever STUDYXF_CASE_TIMEOUT says
    time.sleep(max(min(left - 0.2, 6.5), 0))
    print(f"call {calls} at {time.time():.1f}", flush=True)
    return (np.asarray(v) * 0.5 + 0.25).astype(np.asarray(q).dtype)
