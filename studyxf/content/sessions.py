"""Session YAML -> Session objects: the schema, the loader, and the checks across files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from studyxf.content import yamlsrc
from studyxf.content.schema import (Bool, Enum, Id, Int, List, Map, Num, OneOf, Str,
                                    Url)
from studyxf.content.yamlsrc import Problem

KINDS = ("topic", "revision", "lesson")
READING_CATEGORIES = ("books", "papers", "docs", "blogs", "research")
CARD_KINDS = ("basic", "numeric", "code")

_READING = Map(required={"title": Str()},
               optional={"authors": Str(), "year": Int(1900, 2100), "url": Url(), "note": Str(),
                         "detail": Str()})
_VIDEO = Map(required={"title": Str(), "channel": Str(), "minutes": Int(1, 24 * 60)},
             optional={"note": Str(), "url": Url()})
_LEETCODE = Map(required={"title": Str(), "url": Url(), "difficulty": Enum(("Easy", "Medium", "Hard")),
                          "timebox_min": Int(1, 600)},
                optional={"why": Str(), "hint_after_min": Int(0, 600), "editorial_after_min": Int(0, 600),
                          "hint": Str(), "drill": Id()})
_CALC = Map(required={"name": Enum(("kv-cache", "params", "attention")), "field": Str()},
            optional={"args": Map(open=True), "unit": Str(), "tolerance": Num(positive=True)})
_RECALL = Map(required={"id": Id(), "prompt": Str(), "answer": Str()},
              optional={"kind": Enum(CARD_KINDS), "calc": _CALC, "drill": Id(), "covers": Str()})
_SECTION = Map(required={"title": Str(), "body": Str()})
_CORRECTION = Map(required={"topic": Str(), "seed": Str(), "correct": Str()},
                  optional={"how": Str()})

SESSION_SPEC = Map(
    required={"id": Id(), "order": Num(), "title": Str(), "kind": Enum(KINDS), "agenda": List(Str(), 1)},
    optional={
        "outline": Bool(),
        "series": Str(),
        "why": Str(),
        "pre_read": List(OneOf((Str(), _READING))),
        "objectives": List(Str()),
        "deep_dive": List(_SECTION, 1),
        "hands_on": Map(optional={"intro": Str(), "code": Str(), "experiment": Str(),
                                  "drills": List(Id()), "labs": List(Id())}),
        "readings": Map(optional={c: List(_READING) for c in READING_CATEGORIES}),
        "videos": List(_VIDEO),
        "leetcode": _LEETCODE,
        "assignment": Map(required={"deliverables": List(Str(), 1)}, optional={"intro": Str()}),
        "stretch": Str(),
        "checklist": List(Str()),
        "recall": List(_RECALL, unique_key="id"),
        "next": Map(required={"items": List(Str(), 1)}, optional={"title": Str()}),
        "corrections": List(_CORRECTION),
        "covers": List(Id()),
        "drills": List(Id()),
        "sources": List(Str()),
    },
)


@dataclass
class RecallPrompt:
    id: str
    prompt: str
    answer: str
    kind: str = "basic"
    calc: dict | None = None
    drill: str | None = None
    covers: str | None = None  # which checklist item or objective it tests ("checklist 3")


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

    @property
    def drills(self) -> list[str]:
        names = list(self.data.get("drills", []))
        names += (self.data.get("hands_on") or {}).get("drills", [])
        lc = (self.data.get("leetcode") or {}).get("drill")
        if lc:
            names.append(lc)
        return list(dict.fromkeys(names))

    def line_of(self, *key_path) -> int:
        return self.data.get("__lines__", {}).get(tuple(key_path), 1)


def _semantic_checks(doc: yamlsrc.Located, out: list[Problem]) -> None:
    data = doc.data
    lc = data.get("leetcode")
    if isinstance(lc, dict):
        hint = lc.get("hint_after_min", 15)
        edit = lc.get("editorial_after_min", lc.get("timebox_min", 30))
        if isinstance(hint, int) and isinstance(edit, int) and hint > edit:
            out.append(Problem(doc.path, doc.line(("leetcode", "hint_after_min")), "leetcode.hint_after_min",
                               f"the hint ({hint} min) cannot unlock after the editorial ({edit} min)"))
    for i, prompt in enumerate(data.get("recall") or []):
        if not isinstance(prompt, dict):
            continue
        kind = prompt.get("kind", "basic")
        if kind == "numeric" and "calc" not in prompt:
            out.append(Problem(doc.path, doc.line(("recall", i)), f"recall[{i}].calc",
                               "a numeric card needs 'calc' (the engine computes its answer)"))
        if kind == "code" and "drill" not in prompt:
            out.append(Problem(doc.path, doc.line(("recall", i)), f"recall[{i}].drill",
                               "a code card needs 'drill' (the drill it points to)"))
    if not data.get("outline") and data.get("kind") != "revision" and "deep_dive" not in data:
        out.append(Problem(doc.path, 1, "deep_dive",
                           "missing required field (or mark the session 'outline: true')"))


def load_session(path: Path) -> tuple[Session | None, list[Problem]]:
    """Load and validate one session file; a session comes back only when it has no problems."""
    doc, problems = yamlsrc.load(path)
    if doc is None:
        return None, problems
    SESSION_SPEC.check(doc.data, (), doc, problems)
    if not problems:
        _semantic_checks(doc, problems)
    if problems:
        return None, problems
    data = doc.data
    recall = [RecallPrompt(id=r["id"], prompt=r["prompt"].rstrip(), answer=r["answer"].rstrip(),
                           kind=r.get("kind", "basic"), calc=r.get("calc"), drill=r.get("drill"),
                           covers=r.get("covers"))
              for r in data.get("recall", [])]
    data["__lines__"] = doc.lines
    return Session(id=data["id"], order=data["order"], title=data["title"], kind=data["kind"],
                   data=data, source=path, outline=bool(data.get("outline")), recall=recall,
                   covers=list(data.get("covers", []))), problems


def session_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.y*ml") if p.suffix in (".yaml", ".yml") and p.is_file())
