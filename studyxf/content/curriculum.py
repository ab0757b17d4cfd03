"""The curriculum: shipped and learner sessions merged, ordered, numbered, with revisions generated."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from studyxf import paths
from studyxf.content.sessions import Session, load_session, session_files
from studyxf.content.problems import Problem
from studyxf.errors import ContentError
from studyxf.labs import NAMES as LABS  # the package's __init__ only: no torch

TOPICS_PER_REVISION = 2


@dataclass
class Curriculum:
    sessions: list[Session]
    warnings: list[str] = field(default_factory=list)
    drafts: list[Session] = field(default_factory=list)  # the learner's, not filled in yet: not scheduled
    key: str | None = field(default=None, compare=False)  # what it was built from (cache key); None: unknown

    def get(self, session_id: str) -> Session | None:
        return next((s for s in self.sessions if s.id == session_id), None)

    def ids(self) -> list[str]:
        return [s.id for s in self.sessions]


def _load_folder(folder: Path) -> tuple[list[Session], list[Problem]]:
    """Every valid session of one folder, and the problems of the rest (duplicate ids included)."""
    sessions: list[Session] = []
    problems: list[Problem] = []
    first_seen: dict[str, Path] = {}
    for path in session_files(folder):
        session, found = load_session(path)
        problems += found
        if session is None:
            continue
        if session.id in first_seen:
            problems.append(Problem(path, session.line_of("id"), "id",
                                    f"duplicate session id {session.id!r} (also in {first_seen[session.id]})"))
            continue
        first_seen[session.id] = path
        sessions.append(session)
    return sessions, problems


def load_shipped() -> tuple[list[Session], list[Problem]]:
    return _load_folder(paths.shipped_sessions())


def build(user_dirs: list[Path] | None = None, use_cache: bool = True) -> Curriculum:
    """Shipped sessions (any problem is fatal) plus the learner's (problems become warnings);
    from the cache when no input changed since it was built (content/cache.py)."""
    if not use_cache:
        return _build(user_dirs)
    from studyxf.content import cache

    key = cache.fingerprint([paths.shipped_sessions(), *(user_dirs or [])])
    cached = cache.load(key, rebuild=lambda: _build(user_dirs))
    if isinstance(cached, Curriculum):
        cached.key = repr(key)
        return cached
    built = _build(user_dirs)
    cache.store(key, built)
    built.key = repr(key)
    return built


def _build(user_dirs: list[Path] | None) -> Curriculum:
    shipped, problems = load_shipped()
    if problems:
        raise ContentError(f"invalid shipped content: {problems[0]}")
    by_id = {s.id: s for s in shipped}
    warnings: list[str] = []
    drafts: list[Session] = []
    for folder in user_dirs or []:
        if not folder.is_dir():
            warnings.append(f"{folder}: sessions folder not found")
            continue
        mine, problems = _load_folder(folder)
        warnings += [str(p) for p in problems]
        for session in mine:
            if session.draft:  # a skeleton being written: it enters the curriculum when its draft line goes
                drafts.append(session)
                continue
            if session.id in by_id:
                warnings.append(f"{session.source}:{session.line_of('id')}: id: replaces the session "
                                f"{session.id!r} from {by_id[session.id].source}")
            by_id[session.id] = session
    return Curriculum(sessions=arrange(list(by_id.values())), warnings=warnings, drafts=drafts)


def _document(session: Session) -> str | None:
    """The document a session is one part of (the file it was imported from, else its series);
    None for a session that is not a part of one."""
    if not isinstance(session.data.get("part"), int):
        return None
    sources = session.data.get("sources") or []
    if sources and ", Part " in sources[0]:
        return sources[0].rsplit(", Part ", 1)[0]
    return session.data.get("series")


def continues(previous: Session | None, session: Session) -> bool:
    """`session` is the next part of the document `previous` is a part of."""
    doc = _document(session)
    return previous is not None and doc is not None and _document(previous) == doc and \
        session.data["part"] == previous.data["part"] + 1


def arrange(sessions: list[Session]) -> list[Session]:
    """Order by `order`, insert a generated revision after every two topics (before the next topic,
    so lessons that follow stay in the block), and number the result from 1. The parts of one
    document stay together: a revision that would fall between Part 1 and Part 2 comes after the
    last part instead."""
    ordered = sorted((s for s in sessions if not s.generated), key=lambda s: (s.order, s.id))
    taken = {s.id for s in ordered}
    out: list[Session] = []
    block: list[Session] = []
    topics = 0
    revisions = 0

    def close_block():
        nonlocal block, topics, revisions
        revisions += 1
        rev_id = f"revision-{revisions}"
        while rev_id in taken:  # a learner's own session took the name: keep ids unique
            revisions += 1
            rev_id = f"revision-{revisions}"
        out.append(generate_revision(rev_id, revisions, block))
        block, topics = [], 0

    previous = None
    for session in ordered:
        if session.kind == "revision":
            revisions += 1
            if not session.covers:
                session.covers = [s.id for s in block]
            out.append(session)
            block, topics, previous = [], 0, session
            continue
        if session.kind == "topic" and topics >= TOPICS_PER_REVISION and not continues(previous, session):
            close_block()
        previous = session
        out.append(session)
        block.append(session)
        if session.kind == "topic":
            topics += 1
    if topics >= TOPICS_PER_REVISION:
        close_block()
    for number, session in enumerate(out, start=1):
        session.number = number
    return out


REVISION_DRILLS = 3  # drills in a 90-minute revision, after ~25 min of due cards; the rest are optional
REVISION_CARD_MINUTES = 25  # the revision's recall slot
CARD_SECONDS = 60  # one of these cards, read, recalled, checked and graded: about a minute (the audit's 50 in 50+)
REVISION_CARDS = REVISION_CARD_MINUTES * 60 // CARD_SECONDS  # the most cards a revision day takes: 25


def generate_revision(rev_id: str, ordinal: int, block: list[Session]) -> Session:
    """A 90-minute revision of the block: its due cards, then REVISION_DRILLS drills chosen by need
    when it is shown (srs.drills.by_need), the diagrams; the rest listed as optional."""
    titles = [s.title for s in block]
    drills = list(dict.fromkeys(d for s in block for d in s.drills))
    checklist = [item for s in block for item in s.data.get("checklist", [])]
    data = {
        "id": rev_id,
        "title": f"Revision {ordinal}: " + "; ".join(s.title.split(" — ")[0] for s in block),
        "kind": "revision",
        "why": ("Spaced retrieval is what turns a session you followed into something you own. "
                "This revision covers: " + "; ".join(titles) + "."),
        "agenda": [
            f"Recall (about {REVISION_CARD_MINUTES} min): the due cards of " + ", ".join(s.id for s in block)
            + f" (these change schedules), at most {REVISION_CARDS}; any more stay due, in the usual order",
            f"Drills from a blank file (about 45 min): the {REVISION_DRILLS} most needed — never passed first, "
            "then the ones failed most, then the ones due (listed under Hands-on)",
            "Re-draw the diagrams of each session from memory; check against the deep dives (about 15 min)",
            "Optional, if time is left: a practice pass over the rest of their cards (it does not change "
            "schedules), the other drills, the covered sessions' checklists",
        ],
        "assignment": {"deliverables": [
            "Review every due card of the covered sessions",
            f"Pass today's {REVISION_DRILLS} drills from a blank file, without hints",
            "Write one paragraph: what is still shaky, and when you will revisit it",
        ]},
        "checklist": checklist,
        "drills": drills,
        "covers": [s.id for s in block],
    }
    return Session(id=rev_id, order=block[-1].order if block else 0, title=data["title"], kind="revision",
                   data=data, source=None, covers=data["covers"], generated=True)


def check_paths(targets: list[Path], known_drills: set[str] | None) -> list[Problem]:
    """Every problem in the given files or folders (sessions; drills are checked by their module)."""
    problems: list[Problem] = []
    for target in targets:
        if target.is_dir():
            sessions, found = _load_folder(target)
        elif target.is_file():
            # the file among its folder's files, so a duplicate id is seen as `check DIR` sees it
            in_folder, found = _load_folder(target.parent)
            same = target.resolve()
            found = [p for p in found if Path(p.path).resolve() == same]
            sessions = [s for s in in_folder if s.source and Path(s.source).resolve() == same]
            if not sessions and not found and target not in session_files(target.parent):
                session, found = load_session(target)  # a file not named *.yaml: checked alone
                sessions = [session] if session else []
        elif target.exists() or target.is_symlink():  # a FIFO, a device, a dangling link: the loader says which
            session, found = load_session(target)
            sessions = [session] if session else []
        else:
            problems.append(Problem(target, 1, "(file)", "no such file or folder"))
            continue
        problems += found
        for s in sessions:
            problems += unfinished(s)
        if known_drills is not None:
            for s in sessions:
                for name in s.drills:
                    if name not in known_drills:
                        problems.append(Problem(s.source, _drill_line(s, name), "drills",
                                                f"unknown drill {name!r}"))
                for key in ("labs", "optional_labs"):
                    for name in (s.data.get("hands_on") or {}).get(key, []):
                        if name not in LABS:
                            problems.append(Problem(s.source, s.line_of("hands_on", key), f"hands_on.{key}",
                                                    f"unknown lab {name!r} (known: {', '.join(LABS)})"))
                for i, prompt in enumerate(s.recall):
                    if prompt.drill and prompt.drill not in known_drills:
                        problems.append(Problem(s.source, s.line_of("recall", i, "drill"), f"recall[{i}].drill",
                                                f"unknown drill {prompt.drill!r}"))
    return problems


def unfinished(session: Session) -> list[Problem]:
    """A draft, and the placeholder text of `studyxf new`'s skeleton still in a session."""
    from studyxf.content import skeleton
    from studyxf.content.yamlsrc import field_name

    out = []
    if session.draft:
        out.append(Problem(session.source, session.line_of("draft"), "draft",
                           "not filled in yet: fill it in, then delete this line (until then it is not in "
                           "the curriculum)", warning=True))
    for key_path, text in skeleton.unedited(session.data):
        out.append(Problem(session.source, session.line_of(*key_path), field_name(key_path),
                           f"placeholder text from `studyxf new` left unedited: {_short(text)!r}", warning=True))
    return out


def _short(text: str) -> str:
    return text if len(text) <= 50 else text[:47] + "..."


def _drill_line(session: Session, name: str) -> int:
    lines = session.data.get("__lines__", {})
    for key, line in lines.items():
        if key and key[0] in ("drills", "hands_on", "leetcode") and _value_at(session.data, key) == name:
            return line
    return 1


def _value_at(data, key):
    for part in key:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
