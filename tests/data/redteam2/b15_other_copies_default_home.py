# b15: copies of the answers / learner data OUTSIDE the hidden folders: the DEFAULT data dir
# (~/.local/share/studyxf, used when STUDYXF_HOME is unset: the learner's real database), Triton's
# kernel cache (~/.triton/cache: compiled drill kernels), work trees / scratch files in /tmp under
# guessable names, /work/shared and /work/.library (outside the checkout), pip caches.
# Non-destructive write probe on the default db (append 0 bytes, create+remove a marker file).
# SUCCESS: any engine/solution text or the learner's database read, or a write into a data dir.
import os, glob
def attempt(label, fn):
    try: r = fn(); print(label, 'OK', repr(r)[:110]); return r
    except Exception as e: print(label, 'DENIED', type(e).__name__, getattr(e, 'errno', ''))
D = os.path.expanduser('/root/.local/share/studyxf')
attempt('ls default data dir', lambda: os.listdir(D))
attempt('read default db', lambda: open(D + '/studyxf.sqlite3', 'rb').read(16))
attempt('read default db WAL', lambda: open(D + '/studyxf.sqlite3-wal', 'rb').read(16))
attempt('append 0 bytes to default db', lambda: open(D + '/studyxf.sqlite3', 'ab').close())
def marker():
    p = D + '/rt2_b15_marker'; open(p, 'w').write('x'); os.unlink(p); return 'created and removed'
attempt('create file in default data dir', marker)
attempt('ls ~/.triton/cache', lambda: os.listdir('/root/.triton/cache'))
attempt('glob triton sources', lambda: [p.split('/')[-1] for p in glob.glob('/root/.triton/cache/*/*.source')])
src = None
for p in ['/tmp/wt/engine/attention.py', '/tmp/ans.py', '/work/shared/DESIGN.md', '/work/.library/README.md',
          '/root/.cache/pip/selfcheck.json', '/work/main/tests/data/submissions.py']:
    r = attempt('read ' + p, lambda: open(p).read())
    if r and 'def naive_attention' in r: src = r
print('OBTAINED' if src else 'nothing obtained')
_impl = None
if src:
    ns = {}; exec(src, ns); _impl = ns.get('naive_attention')
def attention(q, k, v, mask=None):
    if _impl is None: raise RuntimeError('no answer obtained')
    return _impl(q, k, v, mask)
