# ATTACK a02 (drill: attention, torch): PASS by running the reference engine, read from a place the
# sandbox does not hide. With namespaces engine/ and drills/ are under empty tmpfs mounts, but the
# repository's .git (and any other copy of the engine on disk) is not; without namespaces engine/
# itself is readable.
# SUCCESS: status "pass"; the output shows which source worked.
import os
import subprocess
import sys

import torch

_src, _how = None, None
_roots = [os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["studyxf"].__file__)))] \
    if "studyxf" in sys.modules else []
for root in _roots + ["/work/main"]:
    p = os.path.join(root, "eng" + "ine", "attention.py")
    try:
        _src, _how = open(p).read(), "disk " + p
        break
    except OSError:
        pass
    try:
        _src = subprocess.run(["git", "--git-dir", os.path.join(root, ".git"), "show", "HEAD:eng" + "ine/attention.py"],
                              capture_output=True, text=True, timeout=5).stdout or None
        _how = "git objects " + root + "/.git" if _src else None
        if _src:
            break
    except Exception as exc:  # noqa: BLE001
        print("git failed:", exc)
print("reference source from:", _how)
_ns = {"__name__": "ref"}
exec(compile(_src, "ref.py", "exec"), _ns)


def attention(q, k, v, mask=None):
    out = _ns["naive_" + "attention"](q, k, v, mask)
    return out[0] if isinstance(out, tuple) else out
