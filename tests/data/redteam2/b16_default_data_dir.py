# b16: the learner who never sets STUDYXF_HOME keeps the database in the platform default
# (~/.local/share/studyxf, or $XDG_DATA_HOME/studyxf). Work out that folder from the CLI's environment
# (HOME / XDG_DATA_HOME, when /proc/<pid>/environ is readable) or guess /root/... and
# /home/*/..., then read the db and try to forge a row / plant a file there.
# SUCCESS: the CURRENT learner's database read, or anything written into it / its folder.
import os, glob
def attempt(label, fn):
    try: r = fn(); print(label, 'OK', repr(r)[:110]); return r
    except Exception as e: print(label, 'DENIED', type(e).__name__, getattr(e, 'errno', ''))
cands = []
pid = os.getppid()
for _ in range(3):
    try:
        env = dict(x.split(b'=', 1) for x in open(f'/proc/{pid}/environ', 'rb').read().split(b'\0') if b'=' in x)
        for key, suffix in ((b'STUDYXF_HOME', ''), (b'XDG_DATA_HOME', '/studyxf'), (b'HOME', '/.local/share/studyxf')):
            if key in env: cands.append(env[key].decode() + suffix)
        pid = int(open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[1])
    except Exception as e: print('environ of', pid, type(e).__name__); break
cands += ['/root/.local/share/studyxf'] + glob.glob('/home/*/.local/share/studyxf')
for d in dict.fromkeys(cands):
    print('--', d)
    r = attempt('read db', lambda: open(d + '/studyxf.sqlite3', 'rb').read(16))
    if r:
        def rows():
            import sqlite3
            c = sqlite3.connect(f'file:{d}/studyxf.sqlite3?mode=ro&immutable=1', uri=True)
            return c.execute("select drill, status from drill_attempts order by rowid desc limit 3").fetchall()
        attempt('  read drill_attempts', rows)
        def forge():
            import sqlite3
            c = sqlite3.connect(d + '/studyxf.sqlite3')
            c.execute("insert into drill_attempts(drill,status) values('attention','pass')"); c.commit(); return 'FORGED'
        attempt('  forge pass row', forge)
        attempt('  plant file', lambda: open(d + '/rt2_b16_planted', 'w').write('x'))
def attention(q, k, v, mask=None):
    raise RuntimeError('no answer obtained')
