"""A session as typed sections grouped into tabs: the one presenter that `today --plain` and the
today screen both draw, so they say the same things in the same words and order."""

from __future__ import annotations

from dataclasses import dataclass

from studyxf.content.sessions import READING_CATEGORIES, Session

CATEGORY_TITLES = {"books": "Books", "papers": "Papers", "docs": "Official docs", "blogs": "Blog posts",
                   "research": "In-depth research material"}


# -- blocks: what a section holds -------------------------------------------------------------------
@dataclass
class Prose:
    """Paragraphs of plain text (YAML block text keeps its line breaks: reflowed to the width)."""
    text: str

    def paragraphs(self) -> list[str]:
        return [" ".join(p.split()) for p in self.text.strip().split("\n\n") if p.strip()]


@dataclass
class Markdown:
    text: str


@dataclass
class Code:
    text: str
    language: str = "python"


@dataclass
class Bullets:
    items: list[str]


@dataclass
class Subtitle:
    text: str


@dataclass
class Check:
    index: int  # the key of its tick in the store
    text: str
    group: str = ""  # the reading's category


@dataclass
class Checks:
    """Items the learner ticks; `kind` names them in the store (reading, video, deliverable, checklist)."""
    kind: str
    items: list[Check]


@dataclass
class Correction:
    topic: str
    text: str  # the seed's words and the correct figure, worded once here


@dataclass
class Corrections:
    items: list[Correction]


@dataclass
class Timebox:
    """The LeetCode time-box: the screen's timer panel, the plain text's timer line."""
    minutes: int
    hint_after: int
    editorial_after: int


@dataclass
class Journal:
    """The three takeaway lines (the store names and labels them: progress.JOURNAL_FIELDS)."""


@dataclass
class Notes:
    """The learner's free notes."""


Block = Prose | Markdown | Code | Bullets | Subtitle | Checks | Corrections | Timebox | Journal | Notes


@dataclass
class Section:
    key: str
    title: str
    blocks: list


@dataclass
class Tab:
    key: str
    title: str
    sections: list[Section]


# -- wording shared by both -------------------------------------------------------------------------
def reading_line(item: dict | str) -> str:
    if isinstance(item, str):
        return item
    if item.get("text"):  # an imported reading, shown as its document wrote it
        url = item.get("url")
        return item["text"] + (f" <{url}>" if url and url.split("://", 1)[-1] not in item["text"] else "")
    line = " — ".join(p for p in (item["title"], item.get("authors")) if p)
    if item.get("year"):
        line += f" ({item['year']})"
    if item.get("note"):
        line += f" — {item['note']}"
    if item.get("url"):
        line += f" <{item['url']}>"
    return line


def reading_items(session: Session) -> list[tuple[str, int, dict]]:
    """(category, running index, item) for every reading: the index keys its checkbox."""
    readings = session.data.get("readings") or {}
    items = [(cat, item) for cat in READING_CATEGORIES for item in readings.get(cat, [])]
    return [(cat, i, item) for i, (cat, item) in enumerate(items)]


def video_line(video: dict) -> str:
    minutes = video["minutes"]
    length = f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"
    line = f"{video['title']} — {video['channel']} · {length}"
    return line + (f" — {video['note']}" if video.get("note") else "")


def commit_message(session: Session, summary: str = "") -> str:
    return f"session-{session.number:02d}: {summary or session.title}"


def heading(session: Session) -> str:
    """The session's title as its document heads it (`Part 2: Transformers Part 2 — ...`)."""
    part = session.data.get("part")
    return f"Part {part}: {session.title}" if part else session.title


def byline(session: Session) -> str:
    """The line under the title: the series it belongs to, its kind, number and id."""
    series = session.data.get("series")
    place = "draft, not in the curriculum yet" if session.draft else f"session {session.number}"
    return " · ".join(p for p in (series, session.kind, place, session.id) if p)


def correction(c: dict) -> Correction:
    how = f" (check it: {c['how']})" if c.get("how") else ""
    return Correction(c["topic"], f"the seed says “{c['seed']}” — {c['correct']}{how}")


# -- the sections -----------------------------------------------------------------------------------
def _overview(s: Session) -> list[Section]:
    d, out = s.data, []
    if d.get("why"):
        out.append(Section("why", "Why this session matters", [Prose(d["why"])]))
    if d.get("objectives"):
        out.append(Section("objectives", "Learning objectives", [Bullets(list(d["objectives"]))]))
    if d.get("agenda"):
        out.append(Section("agenda", "Agenda", [Bullets(list(d["agenda"]))]))
    if s.outline:
        out.append(Section("outline", "Not written yet", [Prose(
            "Only this session's agenda is known: its deep dive, readings and deliverables are not written "
            "yet. Bring the series' document in with `studyxf import FILE`, or write it with "
            f"`studyxf new {s.id}` in your own sessions folder.")]))
    if d.get("pre_read"):
        out.append(Section("pre_read", "Pre-read (skim before the session)",
                           [Bullets([reading_line(p) for p in d["pre_read"]])]))
    if d.get("corrections"):
        out.append(Section("corrections", "Where the seed is corrected",
                           [Corrections([correction(c) for c in d["corrections"]])]))
    return out


def _deep_dive(s: Session) -> list[Section]:
    parts, out = s.data.get("deep_dive") or [], []
    if parts:
        out.append(Section("deep_dive", "Deep dive", [Markdown(f"## {p['title']}\n\n{p['body']}") for p in parts]))
    # an imported document's blocks the importer could not place, kept as written
    out += [Section("extra", x["title"], [Prose(x["body"])]) for x in s.data.get("extra") or []]
    return out


def _readings(s: Session) -> list[Section]:
    d, out = s.data, []
    readings = reading_items(s)
    if readings:
        out.append(Section("readings", "Reading material", [Checks("reading", [
            Check(i, reading_line(item), CATEGORY_TITLES[cat]) for cat, i, item in readings])]))
    if d.get("videos"):
        out.append(Section("videos", "Videos", [Checks("video", [
            Check(i, video_line(v)) for i, v in enumerate(d["videos"])])]))
    return out


def _leetcode(s: Session) -> list[Section]:
    lc = s.data.get("leetcode")
    if not lc:
        return []
    box = lc["timebox_min"]
    hint, editorial = lc.get("hint_after_min", 15), lc.get("editorial_after_min", box)
    blocks: list = [Bullets([f"Link: {lc['url']}", f"Difficulty: {lc['difficulty']}"])]
    if lc.get("why"):
        blocks.append(Bullets([f"Why this problem: {lc['why']}"]))
    if lc.get("note"):
        blocks.append(Prose(lc["note"]))
    blocks += [Bullets([f"Time-box: {box} minutes; the hint unlocks after {hint}, the editorial after {editorial}."]),
               Timebox(box, hint, editorial)]
    return [Section("leetcode", f"LeetCode — {lc['title']}", blocks)]


def _hands_on(s: Session, need: list[str] | None = None, passed: set[str] | frozenset = frozenset()) -> list[Section]:
    d, h, out = s.data, s.data.get("hands_on") or {}, []
    blocks: list = []
    if h.get("intro"):
        blocks.append(Markdown(h["intro"]))
    locked = [n for n in h.get("drills", []) if n not in passed]
    if h.get("code") and locked:
        # the seed's code is the answer to the drill this tab sends the learner to: shown, as the
        # drill shows its solution, once that drill is passed
        blocks.append(Prose(f"The seed's code for this exercise is the solution of `studyxf drill {locked[0]}`: "
                            f"it is shown here once that drill is passed (d opens it)."))
    elif h.get("code"):
        blocks.append(Code(h["code"].rstrip()))
    if h.get("experiment"):
        blocks.append(Markdown(h["experiment"]))
    optional = [f"studyxf drill {n}" for n in h.get("optional_drills", [])] + \
        [f"studyxf lab {n}" for n in h.get("optional_labs", [])]
    fits = " that fit the time" if optional else ""
    if h.get("drills"):
        blocks += [Subtitle(f"Drills{fits} (d opens the next unfinished one)"),
                   Bullets([f"studyxf drill {n}" for n in h["drills"]])]
    if h.get("labs"):
        blocks += [Subtitle(f"Labs{fits} (L picks one)"), Bullets([f"studyxf lab {n}" for n in h["labs"]])]
    if optional:
        blocks += [Subtitle("Optional, if time is left (or in the revision)"), Bullets(optional)]
    if blocks:
        out.append(Section("hands_on", "Hands-on", blocks))
    if s.kind == "revision":
        if s.covers:
            out.append(Section("covers", "Covers", [Bullets(list(s.covers))]))
        if d.get("drills"):
            from studyxf.content.curriculum import REVISION_DRILLS

            order = [n for n in (need or []) if n in d["drills"]] or list(d["drills"])
            order += [n for n in d["drills"] if n not in order]
            today, rest = order[:REVISION_DRILLS], order[REVISION_DRILLS:]
            out.append(Section("revision_drills", "Today's drills, from a blank file (the most needed: never "
                               "passed, then failed most, then due)", [Bullets([f"studyxf drill {n}" for n in today])]))
            if rest:
                out.append(Section("optional_drills", "Optional, if time is left",
                                   [Bullets([f"studyxf drill {n}" for n in rest])]))
    return out


def required_items(s: Session) -> dict[str, int]:
    """What a session's progress counts, by kind of check: its deliverables and its checklist; a
    revision's checklist (the covered sessions' items) is optional, so only its deliverables."""
    out = {"deliverable": len((s.data.get("assignment") or {}).get("deliverables", []))}
    if s.kind != "revision":
        out["checklist"] = len(s.data.get("checklist", []))
    return out


def _checklist(s: Session) -> list[Section]:
    d, out = s.data, []
    assignment = d.get("assignment")
    if assignment:
        blocks: list = [Prose(assignment["intro"])] if assignment.get("intro") else []
        blocks.append(Checks("deliverable", [Check(i, f"{i + 1}. {t}") for i, t in enumerate(assignment["deliverables"])]))
        out.append(Section("assignment", "Assignment / Deliverables", blocks))
    if d.get("stretch"):
        out.append(Section("stretch", "Stretch", [Prose(d["stretch"])]))
    if d.get("checklist") and s.kind == "revision":
        out.append(Section("checklist", "Optional: the covered sessions' checklists (tick what you can still do)",
                           [Checks("checklist", [Check(i, t) for i, t in enumerate(d["checklist"])])]))
    elif d.get("checklist"):
        out.append(Section("checklist", "Post-session checklist", [
            Prose("By the end of this session you should be able to:"),
            Checks("checklist", [Check(i, t) for i, t in enumerate(d["checklist"])])]))
    return out


def _journal(s: Session) -> list[Section]:
    return [Section("journal", "3-line takeaway journal", [Journal()]),
            Section("notes", "Notes, in your own words", [Notes()])]


def _next(s: Session) -> list[Section]:
    nxt, out = s.data.get("next"), []
    if nxt:
        out.append(Section("next", nxt.get("title", "What's next"), [Bullets(list(nxt["items"]))]))
    out.append(Section("commit", "Commit", [Code(f'git commit -m "{commit_message(s)}"', "sh")]))
    return out


# The tabs in the order of the series' own documents (agenda, deep dive, readings, LeetCode,
# deliverables), the studyxf hands-on after the LeetCode problem: 1-8 pick them.
TABS = (("overview", "Overview", _overview), ("deep", "Deep dive", _deep_dive), ("readings", "Readings", _readings),
        ("leetcode", "LeetCode", _leetcode), ("hands", "Hands-on", _hands_on),
        ("checklist", "Checklist", _checklist), ("journal", "Journal", _journal), ("next", "Next", _next))


# What an empty tab says on the screen, where every tab keeps its number from session to session.
EMPTY = {"deep": "This session has no deep dive.", "readings": "This session has no readings.",
         "leetcode": "This session has no LeetCode problem (t, the timer, does nothing here).",
         "hands": "This session has no drills or labs of its own: L opens any lab, `studyxf drill` lists the drills.",
         "checklist": "This session has no deliverables or checklist."}


def tabs(session: Session, drill_need: list[str] | None = None, keep_empty: bool = False,
         passed: set[str] | frozenset = frozenset()) -> list[Tab]:
    """The session's tabs with their sections; a tab with nothing in it is left out (the journal and
    what comes next are always there), or with `keep_empty` (the screen, whose keys 1-8 must reach
    the same tab in every session) kept with one line saying it is empty. `drill_need`: the drills,
    most needed first (a revision lists the first few for today); `passed`: the drills ever passed
    (the hands-on's solution code is hidden until its drill is among them)."""
    out = []
    for key, title, build in TABS:
        sections = build(session, drill_need, passed) if build is _hands_on else build(session)
        if not sections and keep_empty and key in EMPTY:
            sections = [Section(f"{key}-empty", title, [Prose(EMPTY[key])])]
        if sections or key == "overview":
            out.append(Tab(key, title, sections))
    return out
