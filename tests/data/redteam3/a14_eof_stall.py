# a14: close the answer pipe and keep running: the judge reads EOF and then waits for the process with no deadline (Sandbox._why's waitpid); with PDEATHSIG cleared the sandbox also outlives the runner's 120 s backstop
import os, time, ctypes, signal
signal.setitimer(signal.ITIMER_REAL, 0); signal.signal(signal.SIGALRM, signal.SIG_IGN)   # the in-sandbox alarm is advice
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(1, 0, 0, 0, 0)                       # PR_SET_PDEATHSIG 0
os.closerange(3, 256)                           # the pipes to and from the judge
tag = "ns" if os.getpid() == 1 else "nons"
n = 0
while True:
    try:
        with open(f"/dev/shm/rt-a14-heartbeat-{tag}", "w") as f: f.write(f"{os.getpid()} {n} {time.time():.0f}\n")
    except OSError: pass
    n += 1; time.sleep(1)
def attention(q, k, v, mask=None):
    pass
