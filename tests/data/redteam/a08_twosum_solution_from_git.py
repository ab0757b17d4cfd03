# ATTACK a08 (drill: two-sum, LeetCode): PASS by running the drill's own solution.py, read from the
# repository's .git (the drill folders are hidden under tmpfs where namespaces exist; .git is not),
# or straight from drills/ without namespaces.
# SUCCESS: status "pass"; the output says where the solution came from.
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["studyxf"].__file__))) \
    if "studyxf" in sys.modules else "/work/main"
rel = "dr" + "ills/two-sum/solution.py"
try:
    src, how = open(os.path.join(root, rel)).read(), "disk"
except OSError:
    src = subprocess.run(["git", "--git-dir", os.path.join(root, ".git"), "show", "HEAD:" + rel],
                         capture_output=True, text=True, timeout=5).stdout
    how = "git objects"
print("solution from:", how)
_ns = {}
exec(compile(src, "solution.py", "exec"), _ns)
Solution = _ns["Solution"]
