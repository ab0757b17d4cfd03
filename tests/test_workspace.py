"""The learner's workspace copy of a drill: what its starter refers to is there beside it."""

import re

from tests.conftest import ROOT


def test_every_file_a_workspace_starter_names_is_in_the_workspace(home, cli):
    for folder in sorted(p.parent for p in (ROOT / "drills").glob("*/drill.yaml")):
        res = cli("drill", folder.name)
        assert res.returncode == 0, res.stderr
        workspace = home / "workspace" / folder.name
        present = {p.name for p in workspace.iterdir()}
        for py in workspace.glob("*.py"):
            named = set(re.findall(r"\b[\w-]+\.(?:py|md|yaml)\b", py.read_text(encoding="utf-8")))
            assert named <= present, f"{folder.name}: {py.name} names {sorted(named - present)}"
