"""The drill catalogue: `drills/<name>/drill.yaml` loaded and validated (file:line errors)."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from studyxf import paths, safefile
from studyxf.content import yamlsrc
from studyxf.content.schema import Id, List, Map, OneOf, Str
from studyxf.content.problems import cap
from studyxf.content.yamlsrc import Problem
from studyxf.errors import ContentError
from studyxf.grading.request import KINDS, Request, parse_entry

# the mistake ids any drill's diagnosis can name beside its own (judge/results.GENERIC's named ones)
GENERIC_MISTAKES = ("random-output", "dtype-promoted", "input-modified", "return-type", "dtype-lowered", "too-slow",
                    "too-much-memory", "default-changed", "dtype-integer")

DRILL_SPEC = Map(
    required={"title": Str(), "entry": Str(), "task": Str(), "kind": Str(), "grader": Str(),
              "starters": Map(optional={"numpy": Str(), "torch": Str()})},
    # a hint is its text, or {text, mistakes: [ids]}: the causes it answers, shown first when the
    # diagnosis names one of them
    optional={"name": Id(), "sessions": List(Id()),
              "hints": List(OneOf((Str(), Map(required={"text": Str()}, optional={"mistakes": List(Str())})))),
              "mistakes": Map(open=True), "solution": Str(),
              # a slip's question for its mistake card (srs/mistakes.py): what to recall, asked of the learner's line
              "questions": Map(open=True),
              "after_pass": Str(),
              "forbidden": List(Map(required={"name": Str(), "why": Str()})),
              # modules the drill needs beyond the default install, and the extra that brings them
              # (`requires: [triton]`, `extra: kernels`): without them it is listed as needing the extra
              "requires": List(Str()), "extra": Str()},
)


@dataclass
class Drill:
    name: str
    folder: Path
    data: dict

    @property
    def title(self) -> str:
        return self.data["title"]

    @property
    def hints(self) -> list[str]:
        return [h["text"] if isinstance(h, dict) else h for h in self.data.get("hints", [])]

    @property
    def hint_topics(self) -> list[tuple[str, ...]]:
        """Each hint's topics: the mistake ids it answers (none for an untagged hint)."""
        return [tuple(h.get("mistakes") or ()) if isinstance(h, dict) else () for h in self.data.get("hints", [])]

    def hint_order(self, causes) -> list[int]:
        """The hints' indices in the order to show them: those whose topic is one of `causes` (the
        diagnosed mistake ids, most important first) first, then the rest as written."""
        topics = self.hint_topics
        first = [i for cause in causes for i, t in enumerate(topics) if cause in t]
        first = list(dict.fromkeys(first))
        return first + [i for i in range(len(topics)) if i not in first]

    @property
    def mistakes(self) -> dict[str, str]:
        return self.data.get("mistakes", {})

    @property
    def forbidden(self) -> list[dict]:
        return self.data.get("forbidden", [])

    @property
    def requires(self) -> list[str]:
        return self.data.get("requires", [])

    def missing(self) -> list[str]:
        """The required modules this Python cannot import (found without importing them)."""
        import importlib.util

        def absent(module: str) -> bool:
            try:
                return importlib.util.find_spec(module) is None
            except (ImportError, ValueError):
                return True
        return [m for m in self.requires if absent(m)]

    def needs_line(self) -> str | None:
        """One line saying what to install, where a required module is missing; else None."""
        missing = self.missing()
        if not missing:
            return None
        extra = self.data.get("extra")
        how = f"pip install 'studyxf[{extra}]'" if extra else "pip install " + " ".join(missing)
        return f"drill {self.name} needs {', '.join(missing)} (the {extra or 'optional'} extra): {how}"

    def request(self, path: Path, device: str = "cpu") -> Request:
        """What the grading worker needs to grade `path` on this drill."""
        name, method = parse_entry(self.data["entry"])
        req = Request(self.name, str(path.resolve()), str(self.folder.resolve()), self.data["kind"], name, method,
                      self.forbidden, device, paths.data_dirs(), [str(self.folder.resolve())] + code_folders(),
                      str(paths.home().resolve() / "cache" / "references"))
        req.interpret = "triton" in self.requires
        req.hints = dict(self.mistakes)
        req.signature = self.data["entry"]
        return req

    def starter(self, framework: str) -> Path:
        starters = self.data["starters"]  # a drill with one starter (Triton's: torch) gives it for either
        return self.folder / starters.get(framework, next(iter(starters.values())))

    def solution_text(self) -> str | None:
        name = self.data.get("solution")
        return _read(self.folder / name) if name else None

    def workspace_file(self) -> Path:
        return paths.workspace() / self.name / f"{self.name.replace('-', '_')}.py"

    def create_workspace(self, framework: str = "numpy") -> Path:
        """The learner's copy of the starter, and the task beside it."""
        target = self.workspace_file()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_read(self.starter(framework)), encoding="utf-8")
        (target.parent / "TASK.md").write_text(self.task_text(), encoding="utf-8")
        return target

    def task_text(self) -> str:
        return _read(self.folder / self.data["task"])


def _read(path: Path) -> str:
    """A file of a drill's folder: a regular file under the size cap, else one line (safefile.py)."""
    try:
        return safefile.read_text(path)
    except safefile.FileRefused as exc:
        raise ContentError(f"{path}: {exc}") from None


def _not_readable(path: Path) -> str | None:
    """Why a file the drill names cannot be read (missing, not a regular file, too large); None if it can."""
    import os
    import stat

    try:
        st = os.stat(path)
    except OSError:
        return "file not found"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if st.st_size > safefile.MAX_TEXT:
        return f"{st.st_size:,} bytes: larger than the {safefile.MAX_TEXT // safefile.MiB} MiB a drill's file may be"
    return None


def load_drill(path: Path) -> tuple[Drill | None, list[Problem]]:
    doc, problems = yamlsrc.load(path)
    if doc is None:
        return None, cap(problems)
    DRILL_SPEC.check(doc.data, (), doc, problems)
    if problems:
        return None, problems
    folder = path.parent
    # the folder is the drill's identity: a copied folder under a new name is a new drill as it is
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", folder.name):
        problems.append(Problem(path, 1, "name", f"the folder's name {folder.name!r} is the drill's name: use "
                                                 f"lower-case letters, digits and hyphens"))
    if doc.data["kind"] not in KINDS:
        problems.append(Problem(path, doc.line(("kind",)), "kind", f"expected one of {', '.join(KINDS)}"))
    for key in ("task", "solution", "grader"):
        why = _not_readable(folder / doc.data[key]) if key in doc.data else None
        if why:
            problems.append(Problem(path, doc.line((key,)), key, f"{why}: {doc.data[key]}"))
    for fw, name in doc.data["starters"].items():
        why = _not_readable(folder / name)
        if why:
            problems.append(Problem(path, doc.line(("starters", fw)), f"starters.{fw}", f"{why}: {name}"))
    for key, hint in (doc.data.get("mistakes") or {}).items():
        if not isinstance(hint, str) or not hint.strip():
            problems.append(Problem(path, doc.line(("mistakes", key)), f"mistakes.{key}", "expected a hint (text)"))
    for key, question in (doc.data.get("questions") or {}).items():
        if not isinstance(question, str) or not question.strip():
            problems.append(Problem(path, doc.line(("questions", key)), f"questions.{key}", "expected a question (text)"))
        elif key not in (doc.data.get("mistakes") or {}):
            problems.append(Problem(path, doc.line(("questions", key)), f"questions.{key}",
                                    "not a slip of `mistakes`: a question is asked of a slip the grader names"))
    known = set(doc.data.get("mistakes") or {}) | set(GENERIC_MISTAKES)
    for i, hint in enumerate(doc.data.get("hints") or []):
        topics = hint.get("mistakes") if isinstance(hint, dict) else None
        for j, topic in enumerate(topics if isinstance(topics, list) else []):
            if topic not in known:  # a topic no diagnosis can name would never bring its hint forward
                where = ("hints", i, "mistakes", j)
                problems.append(Problem(path, doc.line(where), yamlsrc.field_name(where),
                                        f"{topic!r} is not one of this drill's mistakes (its `mistakes:` keys)"))
    if problems:
        return None, cap(problems)
    return Drill(folder.name, folder, doc.data), []


def _drill_files(target: Path) -> list[Path]:
    if target.name == "drill.yaml":
        return [target]
    if (target / "drill.yaml").exists():
        return [target / "drill.yaml"]
    return sorted(target.glob("*/drill.yaml"))


def check_path(target: Path) -> list[Problem]:
    problems: list[Problem] = []
    for path in _drill_files(target):
        problems += load_drill(path)[1]
    return problems


def code_folders() -> list[str]:
    """Where the answers are on disk (the drill folders' graders and solutions, the engine): hidden
    from the fresh sandbox, with the data directory, where namespaces allow."""
    import importlib.util

    engine = importlib.util.find_spec("engine")
    found = [paths.shipped_drills(), *paths.user_drill_dirs(),
             *(Path(p) for p in ((engine.submodule_search_locations or []) if engine else []))]
    # every other copy on the import path too (a source tree beside an installed wheel, an older
    # editable install): the sandbox's import path is much the same as this one
    for entry in sys.path:
        base = Path(entry or ".")
        found += [d for d in (base / "engine", base / "drills", base / "studyxf" / "_content" / "drills")
                  if (d / "__init__.py").is_file() or (d / "attention" / "drill.yaml").is_file()]
    # and the repository they came from: its history holds the same files (git show HEAD:engine/...),
    # its tests other people's answers; all of it but the package the sandbox imports
    package = Path(__file__).resolve().parents[1]
    checkouts = {d.resolve().parent for d in found if (d.resolve().parent / ".git").exists()}
    checkouts |= set(_installed_from(package))
    for root in checkouts:
        found += [root] if not package.is_relative_to(root) else \
            [c for c in root.iterdir() if c != package] + [root / ".git"]
    # Triton's cache of compiled kernels: the shipped drills' solutions compiled on this machine
    found.append(Path(os.environ.get("TRITON_CACHE_DIR") or Path.home() / ".triton"))
    return list(dict.fromkeys(str(d.resolve()) for d in found if d.exists()))


def _installed_from(package: Path) -> list[Path]:
    """The folder a wheel of studyxf was built from, where pip recorded one (direct_url.json, PEP 610)
    and it is still there: a checkout, with the engine and the drills."""
    import json

    for record in package.parent.glob(f"{package.name}-*.dist-info/direct_url.json"):
        try:
            url = json.loads(record.read_text()).get("url", "")
        except (OSError, ValueError):
            continue
        if url.startswith("file://") and Path(url[7:]).is_dir():
            return [Path(url[7:]).resolve()]
    return []


def all_drills(warn=None) -> dict[str, Drill]:
    """The shipped drills, then the learner's own folders (STUDYXF_DRILLS): one whose name equals a
    shipped drill's replaces it, with a warning; an invalid one is skipped with a warning."""
    return _load(warn or _warn)


def find(name: str, warn=None) -> Drill | None:
    """all_drills().get(name), reading only the drill.yaml of folders named `name`: grading one drill
    does not parse the other twenty (25 ms of a half-second verdict)."""
    return _load(warn or _warn, only=name).get(name)


def _load(warn, only: str | None = None) -> dict[str, Drill]:
    """all_drills(); with `only`, the folders of that name alone (the folder's name is the drill's)."""
    def wanted(path: Path) -> bool:
        return only is None or path.parent.name == only

    drills = {}
    for path in filter(wanted, _drill_files(paths.shipped_drills())):
        drill, problems = load_drill(path)
        if problems:
            raise ContentError(f"invalid shipped content: {problems[0]}")
        drills[drill.name] = drill
    shipped = set(drills)
    for folder in paths.user_drill_dirs():
        for path in filter(wanted, _drill_files(folder)):
            drill, problems = load_drill(path)
            if problems:
                for p in problems[:20]:
                    warn(str(p))
                continue
            if drill.name in shipped:
                warn(f"{path}: drill {drill.name!r} replaces the shipped one")
            drills[drill.name] = drill
    return drills


def _warn(message: str) -> None:
    print(f"studyxf: warning: {message}", file=sys.stderr)


def names() -> list[str]:
    return [p.parent.name for folder in (paths.shipped_drills(), *paths.user_drill_dirs())
            for p in _drill_files(folder)]
