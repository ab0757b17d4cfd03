# b00: probe (not an attack by itself): who am I in the sandbox, caps, cwd, env, fds, pids.
# SUCCESS criterion: none; informational only (prints what it sees).
import os, sys
def p(*a): print(*a, flush=True)
try:
    st = open('/proc/self/status').read()
    p([l for l in st.splitlines() if l.startswith(('Uid','Gid','Cap','NoNewPrivs','Seccomp','PPid','NSpid'))])
except Exception as e: p('status', e)
p('cwd', os.getcwd(), 'pid', os.getpid(), 'ppid', os.getppid())
p('env', dict(os.environ))
p('fds', {f: (os.readlink('/proc/self/fd/'+f) if os.path.exists('/proc/self/fd/'+f) else '?') for f in os.listdir('/proc/self/fd')})
p('sys.path', sys.path)
p('pids', sorted(int(x) for x in os.listdir('/proc') if x.isdigit())[-30:])
for path in ['/dev/vda', '/proc/kcore', '/work/main/README.md', '/work/main/engine/attention.py', '/tmp']:
    try:
        with open(path, 'rb') as f: p('READ OK', path, f.read(64)[:64])
    except Exception as e: p('read', path, type(e).__name__, e)
try: p('ls /tmp', os.listdir('/tmp')[:20])
except Exception as e: p('ls /tmp', e)
def attention(q, k, v, mask=None):
    raise NotImplementedError
