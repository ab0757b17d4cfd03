"""Sessions as readable text (rich), for `today --plain` and anything that is not a terminal."""

from __future__ import annotations

from studyxf.content.sessions import READING_CATEGORIES, Session

CATEGORY_TITLES = {"books": "Books", "papers": "Papers", "docs": "Official docs", "blogs": "Blog posts",
                   "research": "In-depth research material"}


def reading_line(item: dict | str) -> str:
    if isinstance(item, str):
        return item
    parts = [item["title"]]
    if item.get("authors"):
        parts.append(item["authors"])
    line = " — ".join(parts)
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


def _box(on: bool) -> str:
    return "[x]" if on else "[ ]"


def session_renderables(session: Session, state: dict | None = None) -> list:
    """Everything a session holds, in the seed's order. `state` carries progress from the store:
    checks, journal, notes, timer text, flagged, due counts."""
    # rich's Markdown and Syntax pull in markdown-it and pygments: imported only when printing
    from rich.markdown import Markdown
    from rich.rule import Rule
    from rich.syntax import Syntax
    from rich.text import Text

    state = state or {}
    checks = state.get("checks", {})
    d = session.data
    out: list = [Rule(f"Session {session.number}: {session.title}"),
                 Text(f"{session.kind} · {session.id} · {state.get('status', '')}", style="dim")]

    def heading(title: str):
        out.append(Text(""))
        out.append(Text(title, style="bold underline"))

    if d.get("why"):
        heading("Why this session matters")
        out.append(Markdown(d["why"]))
    if d.get("objectives"):
        heading("Learning objectives")
        out += [Text(f"• {o}") for o in d["objectives"]]
    heading("Agenda")
    out += [Text(f"• {a}") for a in d["agenda"]]
    if d.get("pre_read"):
        heading("Pre-read (skim before the session)")
        out += [Text(f"• {reading_line(p)}") for p in d["pre_read"]]
    if d.get("deep_dive"):
        heading("Deep dive")
        for section in d["deep_dive"]:
            out.append(Text(section["title"], style="bold"))
            out.append(Markdown(section["body"]))
    hands = d.get("hands_on") or {}
    if hands:
        heading("Hands-on")
        if hands.get("intro"):
            out.append(Markdown(hands["intro"]))
        if hands.get("code"):
            out.append(Syntax(hands["code"].rstrip(), "python", theme="ansi_dark", background_color="default"))
        if hands.get("experiment"):
            out.append(Markdown(hands["experiment"]))
        if hands.get("drills"):
            out.append(Text("Drills: " + ", ".join(f"studyxf drill {n}" for n in hands["drills"])))
        if hands.get("labs"):
            out.append(Text("Labs: " + ", ".join(f"studyxf lab {n}" for n in hands["labs"])))
    if session.kind == "revision":
        if session.covers:
            heading("Covers")
            out.append(Text(", ".join(session.covers)))
        if d.get("drills"):
            heading("Drills to write again from scratch")
            out += [Text(f"• studyxf drill {n}") for n in d["drills"]]
    readings = d.get("readings") or {}
    if readings:
        heading("Reading material")
        for cat, index, item in reading_items(session):
            if index == 0 or item is readings[cat][0]:
                out.append(Text(CATEGORY_TITLES[cat] + ":", style="italic"))
            out.append(Text(f"{_box(index in checks.get('reading', set()))} {reading_line(item)}"))
    if d.get("videos"):
        heading("Videos")
        out += [Text(f"{_box(i in checks.get('video', set()))} {video_line(v)}")
                for i, v in enumerate(d["videos"])]
    lc = d.get("leetcode")
    if lc:
        heading(f"LeetCode — {lc['title']}")
        out.append(Text(f"Link: {lc['url']}\nDifficulty: {lc['difficulty']}"))
        if lc.get("why"):
            out.append(Text(f"Why this problem: {lc['why']}"))
        out.append(Text(f"Time-box: {lc['timebox_min']} minutes; hint after {lc.get('hint_after_min', 15)}, "
                        f"editorial after {lc.get('editorial_after_min', lc['timebox_min'])}."))
        if state.get("timer"):
            out.append(Text(f"Timer: {state['timer']}"))
    assignment = d.get("assignment")
    if assignment:
        heading("Assignment / Deliverables")
        if assignment.get("intro"):
            out.append(Text(assignment["intro"]))
        out += [Text(f"{_box(i in checks.get('deliverable', set()))} {i + 1}. {item}")
                for i, item in enumerate(assignment["deliverables"])]
    if d.get("stretch"):
        heading("Stretch")
        out.append(Text(d["stretch"]))
    if d.get("checklist"):
        heading("Post-session checklist — by the end you should be able to")
        out += [Text(f"{_box(i in checks.get('checklist', set()))} {item}")
                for i, item in enumerate(d["checklist"])]
    if d.get("corrections"):
        heading("Where the seed is corrected")
        for c in d["corrections"]:
            how = f" ({c['how']})" if c.get("how") else ""
            out.append(Text(f"• {c['topic']}: the seed says \"{c['seed']}\" — {c['correct']}{how}"))
    journal = state.get("journal")
    if journal is not None:
        heading("3-line takeaway journal")
        from studyxf.store.progress import JOURNAL_FIELDS, JOURNAL_LABELS

        out += [Text(f"{label}: {journal.get(key) or '—'}") for key, label in zip(JOURNAL_FIELDS, JOURNAL_LABELS)]
    if state.get("notes"):
        heading("Your notes")
        out.append(Text(state["notes"]))
    nxt = d.get("next")
    if nxt:
        heading(nxt.get("title", "What's next"))
        out += [Text(f"• {i}") for i in nxt["items"]]
    heading("Commit")
    out.append(Text(f"git commit -m \"{commit_message(session)}\"", style="bold"))
    return out


def print_renderables(items: list) -> None:
    from rich.console import Console, Group

    Console(soft_wrap=False).print(Group(*items))
