"""The presenter's sections as Rich renderables, for `today --plain` and anything not a terminal."""

from __future__ import annotations

from studyxf.content import present
from studyxf.content.sessions import Session


def block_renderables(block, state: dict, code_theme: str = "ansi_dark") -> list:
    """One presenter block as Rich text (the screen draws its ticks, timer and text boxes as widgets);
    `state` carries the store's side (see session_renderables)."""
    from rich.text import Text

    if isinstance(block, present.Prose):
        return [Text("\n\n".join(block.paragraphs()))]
    # rich's Markdown and Syntax pull in markdown-it and pygments: imported only for a block that
    # needs them (the today screen's first frame, the overview, has none)
    if isinstance(block, present.Markdown):
        from rich.markdown import Markdown

        return [Markdown(block.text, code_theme=code_theme)]
    if isinstance(block, present.Code):
        from rich.syntax import Syntax

        return [Syntax(block.text, block.language, theme=code_theme, background_color="default", word_wrap=True)]
    if isinstance(block, present.Bullets):
        return [Text(f"• {item}") for item in block.items]
    if isinstance(block, present.Subtitle):
        return [Text(block.text, style="italic")]
    if isinstance(block, present.Checks):
        ticked, out, group = state.get("checks", {}).get(block.kind, set()), [], None
        for item in block.items:
            if item.group and item.group != group:
                group = item.group
                out.append(Text(group + ":", style="italic"))
            out.append(Text(f"{'✓' if item.index in ticked else '•'} {item.text}"))
        return out
    if isinstance(block, present.Corrections):
        out = []
        for c in block.items:
            line = Text("• ")
            line.append(c.topic, style="bold")
            line.append(f": {c.text}")
            out.append(line)
        return out
    if isinstance(block, present.Timebox):
        return [Text(f"Timer: {state['timer']}")] if state.get("timer") else []
    if isinstance(block, present.Journal):
        from studyxf.store.progress import JOURNAL_FIELDS, JOURNAL_LABELS

        journal = state.get("journal") or {}
        return [Text(f"{label}: {journal.get(key) or '—'}") for key, label in zip(JOURNAL_FIELDS, JOURNAL_LABELS)]
    if isinstance(block, present.Notes):
        return [Text(state.get("notes") or "—")]
    raise TypeError(f"no plain form for {type(block).__name__}")


def session_renderables(session: Session, state: dict | None = None) -> list:
    """Every tab of the session in the screen's order. `state` carries progress from the store:
    checks, journal, notes, timer text, status, the drills most needed first."""
    from rich.rule import Rule
    from rich.text import Text

    state = state or {}
    place = "Draft" if session.draft else f"Session {session.number}"  # a draft has no place in the curriculum
    out: list = [Rule(f"{place} · {present.heading(session)}"),
                 Text(" · ".join(p for p in (present.byline(session), state.get("status")) if p), style="dim")]
    for tab in present.tabs(session, state.get("drill_need"), passed=state.get("drills_passed", frozenset())):
        for section in tab.sections:
            out += [Text(""), Text(section.title, style="bold underline")]
            for block in section.blocks:
                out += block_renderables(block, state)
    return out


def print_renderables(items: list) -> None:
    from rich.console import Console, Group

    Console(soft_wrap=False).print(Group(*items))


def wrap_code(text: str, width: int) -> str:
    """Code wrapped to `width` with each continuation indented under its line (its own indentation
    and four more), so a wrapped line of a solution does not start at column 0 and read as a new
    statement; lines break at a space where one is found, else at the width."""
    out = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        more = " " * min(indent + 4, max(0, width // 2))
        lead = indent  # the indentation of the piece being cut: the line's own, then the continuation's
        while len(line) > width > len(more) + 8:
            cut = line.rfind(" ", lead + 1, width)
            if cut <= lead:
                cut = width
            out.append(line[:cut].rstrip())
            line = more + line[cut:].lstrip()
            lead = len(more)
        out.append(line)
    return "\n".join(out)


class WrappedCode:
    """Highlighted code that wraps to whatever width it is drawn at, keeping the indentation
    (rich's Syntax with word_wrap starts every wrapped piece at column 0)."""

    def __init__(self, text: str, language: str = "python", theme: str = "ansi_dark"):
        self.text, self.language, self.theme = text, language, theme

    def __rich_console__(self, console, options):
        from rich.syntax import Syntax

        yield Syntax(wrap_code(self.text.rstrip("\n"), options.max_width), self.language, theme=self.theme,
                     background_color="default", word_wrap=False)
