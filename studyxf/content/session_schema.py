"""The session schema: field by field, and the checks across fields (used by load_session)."""

from __future__ import annotations

from studyxf.content.problems import Problem
from studyxf.content.schema import Bool, Enum, Id, Int, List, Map, Num, OneOf, Str, Url
from studyxf.content.sessions import CARD_KINDS, KINDS, READING_CATEGORIES

_READING = Map(required={"title": Str()},
               optional={"authors": Str(), "year": Int(1900, 2100), "url": Url(), "note": Str(),
                         "detail": Str(), "text": Str(),  # text: the line as an imported document wrote it
                         "added": Enum(("correction",))})  # not in the source: a correction brought it
_VIDEO = Map(required={"title": Str(), "channel": Str(), "minutes": Int(1, 24 * 60)},
             optional={"note": Str(), "url": Url()})
_LEETCODE = Map(required={"title": Str(), "url": Url(), "difficulty": Enum(("Easy", "Medium", "Hard")),
                          "timebox_min": Int(1, 600)},
                optional={"why": Str(), "hint_after_min": Int(0, 600), "editorial_after_min": Int(0, 600),
                          "hint": Str(), "drill": Id(),
                          "note": Str()})  # what else the document's LeetCode block says, as written
_CALC = Map(required={"name": Enum(("kv-cache", "params", "attention")), "field": Str()},
            optional={"args": Map(open=True), "unit": Str(), "tolerance": Num(positive=True)})
_RECALL = Map(required={"id": Id(), "prompt": Str(), "answer": Str()},
              optional={"kind": Enum(CARD_KINDS), "calc": _CALC, "drill": Id(), "covers": Str(),
                        "merged_from": List(Str())})  # card ids whose history moves here (srs/merges.py)
_SECTION = Map(required={"title": Str(), "body": Str()})
_CORRECTION = Map(required={"topic": Str(), "seed": Str(), "correct": Str()},
                  optional={"how": Str()})

SESSION_SPEC = Map(
    required={"id": Id(), "order": Num(), "title": Str(), "kind": Enum(KINDS), "agenda": List(Str(), 1)},
    optional={
        "outline": Bool(),
        "draft": Bool(),  # `studyxf new`'s skeleton: kept out of the curriculum until the line is deleted
        "series": Str(),
        "part": Int(1, 1000),  # its 'Part N' in the series' document
        "why": Str(),
        "pre_read": List(OneOf((Str(), _READING))),
        "objectives": List(Str()),
        "deep_dive": List(_SECTION, 1),
        "hands_on": Map(optional={"intro": Str(), "code": Str(), "experiment": Str(),
                                  "drills": List(Id()), "labs": List(Id()),
                                  # what does not fit the hands-on's time: shown as optional
                                  "optional_drills": List(Id()), "optional_labs": List(Id())}),
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
        "extra": List(_SECTION),  # an imported document's blocks the importer could not place, verbatim
    },
)


def semantic_checks(doc, out: list[Problem]) -> None:
    data = doc.data
    lc = data.get("leetcode")
    if isinstance(lc, dict):
        hint = lc.get("hint_after_min", 15)
        edit = lc.get("editorial_after_min", lc.get("timebox_min", 30))
        if isinstance(hint, int) and isinstance(edit, int) and hint > edit:
            out.append(Problem(doc.path, doc.line(("leetcode", "hint_after_min")), "leetcode.hint_after_min",
                               f"the hint ({hint} min) cannot unlock after the editorial ({edit} min)"))
    live = {f"{data.get('id')}/{p.get('id')}" for p in data.get("recall") or [] if isinstance(p, dict)}
    for i, prompt in enumerate(data.get("recall") or []):
        if not isinstance(prompt, dict):
            continue
        for j, old in enumerate(prompt.get("merged_from") or []):
            if not isinstance(old, str):
                continue
            where = (doc.path, doc.line(("recall", i, "merged_from", j)), f"recall[{i}].merged_from[{j}]")
            if "/" not in old.strip("/"):
                out.append(Problem(*where, f"{old!r} is not a card id (<session id>/<prompt id>)"))
            elif old in live:
                out.append(Problem(*where, f"{old!r} is still a prompt here: a merged card's prompt leaves the file"))
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
