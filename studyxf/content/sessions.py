"""Session YAML -> Session objects: the model and the loader (the schema is in session_schema.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from studyxf.content.problems import Problem, cap

KINDS = ("topic", "revision", "lesson")
READING_CATEGORIES = ("books", "papers", "docs", "blogs", "research")
CARD_KINDS = ("basic", "numeric", "code")

@dataclass
class RecallPrompt:
    id: str
    prompt: str
    answer: str
    kind: str = "basic"
    calc: dict | None = None
    drill: str | None = None
    covers: str | None = None  # which checklist item or objective it tests ("checklist 3")
    # card ids ("<session>/<prompt>") of prompts this one replaced: their reviews become this card's
    # at the deck's sync (srs/merges.py), so a merge of two duplicate cards drops no history
    merged_from: list[str] = field(default_factory=list)


@dataclass
class Session:
    id: str
    order: float
    title: str
    kind: str
    data: dict
    source: Path | None
    outline: bool = False
    recall: list[RecallPrompt] = field(default_factory=list)
    covers: list[str] = field(default_factory=list)  # revision: the sessions it revises
    number: int = 0  # 1-based position in the curriculum, set when the curriculum is built
    generated: bool = False
    draft: bool = False  # not filled in yet: out of the curriculum (Curriculum.drafts), reported by check

    @property
    def drills(self) -> list[str]:
        names = list(self.data.get("drills", []))
        names += (self.data.get("hands_on") or {}).get("drills", [])
        lc = (self.data.get("leetcode") or {}).get("drill")
        if lc:
            names.append(lc)
        names += (self.data.get("hands_on") or {}).get("optional_drills", [])  # what does not fit: last
        return list(dict.fromkeys(names))

    def line_of(self, *key_path) -> int:
        return self.data.get("__lines__", {}).get(tuple(key_path), 1)

    def __getattr__(self, name):
        """A session read back from the curriculum cache holds its data and its recall prompts undecoded
        (`_lazy`, set by content/cache.py) until each is first read."""
        decode = self.__dict__.get("_lazy", {}).get(name)
        if decode is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = self.__dict__[name] = decode()
        return value


def load_session(path: Path) -> tuple[Session | None, list[Problem]]:
    """Load and validate one session file; a session comes back only when it has no problems."""
    # the YAML parser and the schema are imported here, not with the module: a cached curriculum
    # is read back into Session objects without paying for them (see content/cache.py)
    from studyxf.content import yamlsrc
    from studyxf.content.session_schema import SESSION_SPEC, semantic_checks

    doc, problems = yamlsrc.load(path)
    if doc is None:
        return None, cap(problems)
    SESSION_SPEC.check(doc.data, (), doc, problems)
    if not problems:
        semantic_checks(doc, problems)
    if problems:
        return None, cap(problems)
    data = doc.data
    recall = [RecallPrompt(id=r["id"], prompt=r["prompt"].rstrip(), answer=r["answer"].rstrip(),
                           kind=r.get("kind", "basic"), calc=r.get("calc"), drill=r.get("drill"),
                           covers=r.get("covers"), merged_from=list(r.get("merged_from") or []))
              for r in data.get("recall", [])]
    data["__lines__"] = doc.lines
    return Session(id=data["id"], order=data["order"], title=data["title"], kind=data["kind"],
                   data=data, source=path, outline=bool(data.get("outline")), recall=recall,
                   covers=list(data.get("covers", [])), draft=bool(data.get("draft"))), problems


def session_files(folder: Path) -> list[Path]:
    # not only regular files: a FIFO or a device named *.yaml is reported by the loader (one line,
    # never opened for reading), not passed over in silence
    return sorted(p for p in folder.glob("*.y*ml") if p.suffix in (".yaml", ".yml") and not p.is_dir())
