"""Today's session: tabs for overview, deep dive, hands-on, readings, LeetCode timer, checklist,
journal and notes, and what comes next. Every tick is saved as it happens; typing in the journal and the
notes is saved at each pause (PAUSE_S idle, leaving the box, the screen or the session), one event
each, not one per keystroke (issue 42: 365 events for an evening)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from studyxf import render
from studyxf.content import present
from studyxf.store import progress
from studyxf.tui.widgets.blocks import section_widgets, text_widget

if TYPE_CHECKING:  # handler annotations only: the widgets are imported when their tab is built
    from textual.widgets import Button, Input, SelectionList, TabbedContent, TextArea


PAUSE_S = 2.0


class TodayScreen(Screen):
    BINDINGS = [
        Binding("t", "toggle_timer", "Timer"),  # short: at 80 columns the footer keeps q and ?
        Binding("d", "drill", "Drill"),
        Binding("L", "lab", "Labs", show=False),
        Binding("f", "flag", "Flag to revisit", show=False),  # every key is listed by ?
        Binding("c", "complete", "Complete"),
        Binding("r", "review", "Review"),
        Binding("s", "stats", "Stats", show=False),
        Binding("C", "calc", "Calculators", show=False),
        Binding("B", "browse", "Card browser", show=False),
        Binding("left,h", "tab(-1)", "Prev tab", show=False),
        Binding("right,l", "tab(1)", "Next tab", show=False),
        *[Binding(str(n), f"goto({n})", f"Go to tab {n}", show=False) for n in range(1, 9)],
        Binding("j", "scroll(1)", "Scroll down", show=False),
        Binding("k", "scroll(-1)", "Scroll up", show=False),
        Binding("space", "scroll(10)", "Page down", show=False),
        Binding("escape", "leave_text", "Leave the text box"),  # in the footer only while typing (check_action)
    ]

    def __init__(self, study, session_id: str | None):
        super().__init__()
        self.ready = asyncio.Event()  # set once the tabs exist (tests wait on it)
        self.study = study
        self.session = study.curriculum.get(session_id) if session_id else None
        self.tabs = self._tabs()
        self._typed: dict[str, str] = {}  # journal boxes typed in since the last pause
        self._typed_notes: str | None = None
        self._pause_timer = None

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        if self.session is None:
            yield Header()
            yield VerticalScroll(text_widget([present.Markdown(self._ran_out_text())]), id="ran-out")
            yield Footer()
            return
        # The first frame is the overview alone, straight on the screen (which scrolls): a
        # VerticalScroll around it costs ~13 ms before that frame. The tabs are built once it is
        # on the terminal (after_first_frame), and each tab's content the first time it is opened;
        # a plain row of their titles holds their place meanwhile, so the text does not move; the
        # header's line likewise (Header is four widgets: 6 ms of the frame).
        yield self._header_line()
        yield self._tab_row()
        # only what fits the terminal: each part is a line or more, and Textual lays out (wraps and
        # measures) all of a Static's text before the first frame; the tabs bring the rest
        first = self._overview(lines=self.app.size.height)
        first.id = "first-paint"
        yield first
        yield Static(id="keys-mode")  # above the footer: whether keys type or command (_show_keys_mode)
        yield Footer()

    def _tabs(self) -> list:
        if self.session is None:
            return []
        from studyxf.srs import drills as drill_srs

        self._passed = drill_srs.passed(self.study.conn)
        return present.tabs(self.session, drill_srs.in_order(self.study.conn, self.session, self.study.day()),
                            keep_empty=True, passed=self._passed)

    # shorter titles where the full ones do not fit the terminal (80 columns cut "7 Jou" and hid "8 Next")
    SHORT_TITLES = {"deep": "Deep", "readings": "Reading", "checklist": "Checks"}

    def _narrow(self) -> bool:
        full = sum(len(f"{n} {tab.title}") + 2 for n, tab in enumerate(self.tabs, 1))
        return full > self.app.size.width - 2

    def tab_list(self) -> list[tuple[str, str]]:
        """(title, key) of each tab, numbered as the keys 1-8 reach them; short where the terminal is narrow."""
        short = self._narrow()
        return [(f"{n} {self.SHORT_TITLES.get(tab.key, tab.title) if short else tab.title}", tab.key)
                for n, tab in enumerate(self.tabs, 1)]

    def on_resize(self) -> None:
        from textual.widgets import TabbedContent

        tabs = self.query(TabbedContent)
        if not tabs:
            return
        tabs.first().set_class(self._narrow(), "narrow")
        for title, key in self.tab_list():
            tab = tabs.first().get_tab(f"tab-{key}")
            if str(tab.label) != title:
                tab.label = title

    def _sub_title(self) -> str:
        return f"Session {self.session.number}: {self.session.title}"

    def _header_line(self) -> Static:
        """What Header draws, as one line of text: its icon in the 8 columns docked left, the title
        centred between them and the 10 columns docked right (ellipsis when it does not fit)."""
        from textual.content import Content

        room = max(0, self.app.size.width - 18)
        title = self.app.format_title(self.app.title, self._sub_title())
        if title.cell_length > room:
            title = title.truncate(room, ellipsis=True)
        left = (room - title.cell_length) // 2
        line = Content.assemble(" ⭘      ", " " * left, title, " " * (room - left - title.cell_length + 10))
        return Static(line, id="header-line")

    def _tab_row(self) -> Static:
        from rich.console import Group
        from rich.rule import Rule
        from rich.text import Text

        narrow = self._narrow()
        titles = Text("" if narrow else " ")
        for i, (title, _) in enumerate(self.tab_list()):
            titles.append(f"{title} " if narrow else f" {title} ", style="bold" if i == 0 else "dim")
        return Static(Group(titles, Rule(characters="━", style="dim")), id="tab-row")

    async def build_tabs(self) -> None:
        from textual.widgets import TabbedContent, TabPane

        tabs = TabbedContent(id="tabs", classes="narrow" if self._narrow() else "")
        for title, key in self.tab_list():  # what `with TabbedContent():` does in a compose()
            tabs.compose_add_child(TabPane(title, VerticalScroll(self._overview()) if key == "overview" else
                                           VerticalScroll(id=f"lazy-{key}"), id=f"tab-{key}"))
        with self.app.batch_update():  # painted once, in place of the first frame's stand-ins
            await self.mount(Header(), tabs, before="#tab-row")
            await self.query("#header-line, #tab-row, #first-paint").remove()
        self.focus_pane()  # PageDown, j, k and space scroll the overview from the start
        self.ready.set()

    def _pane_scroll(self):
        from textual.widgets import TabbedContent

        tabs = self.query(TabbedContent)
        if not tabs:
            return None
        pane = tabs.first().query(f"#{tabs.first().active}")
        scrolls = pane.first().query(VerticalScroll) if pane else None
        return scrolls.first() if scrolls else None

    def focus_pane(self, text_boxes: bool = True) -> None:
        """The open tab's content has the focus (as lazygit's panels do): its first text box where it
        has one (the journal: typing goes into it, not to the shortcuts; Esc gives the keys back),
        else its list of ticks, else the scrolling text; never taken from a text box or from inside
        the tab."""
        from textual.widgets import Input, SelectionList, TextArea

        scroll = self._pane_scroll()
        if scroll is None or isinstance(self.focused, (Input, TextArea)):
            return
        if self.focused is not None and (self.focused is scroll or scroll in self.focused.ancestors):
            return
        for kind in ((Input, TextArea, SelectionList) if text_boxes else (SelectionList,)):
            boxes = scroll.query(kind)
            if boxes:
                boxes.first().focus()
                return
        scroll.can_focus = True
        scroll.focus()

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        """Title the screen and, once the first frame is up, build the tabs (or, with no session
        left, say the curriculum is complete)."""
        if self.session:
            self.sub_title = self._sub_title()
            if self.session.data.get("leetcode") and not getattr(self, "_ticking", False):
                self._ticking = True
                self.set_interval(1.0, self.tick_timebox)
            if getattr(self.app, "first_frame_shown", True):  # opened later on: nothing to wait for
                self.call_after_refresh(self.after_first_frame)
        else:
            self.sub_title = "the written curriculum is complete"
            self.ready.set()

    def tick_timebox(self) -> None:
        """The time-box on every tab: in the header once started; a notification and the bell at the
        hint and at the time-box (once each, remembered across restarts); stopped by itself at twice
        the time-box."""
        lc = (self.session.data.get("leetcode") if self.session else None)
        if not lc:
            return
        key, box = self.session.id, lc["timebox_min"]
        state = progress.timer_settle(self.study.conn, key, box * 60)
        title = f"Session {self.session.number}: {self.session.title}"
        elapsed = state.elapsed()
        if state.running or elapsed:
            title = f"{progress.timebox_text(state, box)}{'' if state.running else ' (paused)'} · {title}"
        if self.sub_title != title:
            self.sub_title = title
        if not state.running:
            return
        seen = progress.timer_seen(self.study.conn, key)
        for which, at, text in (("hint", lc.get("hint_after_min", 15), "the hint is unlocked (LeetCode tab)"),
                                ("editorial", lc.get("editorial_after_min", box),
                                 "time-box reached: the editorial is unlocked (LeetCode tab)")):
            if elapsed >= at * 60 and not seen[which]:
                progress.timer_mark_seen(self.study.conn, key, which)
                self.app.bell()
                self.notify(f"{int(elapsed // 60)} min: {text}", timeout=10)

    async def show_session(self, session) -> None:
        """This screen, rebuilt for another session (the app's base screen cannot be switched)."""
        self.save_typing()  # the session's own, before it changes
        self.ready.clear()
        self.session = session
        self.tabs = self._tabs()
        await self.recompose()
        self._start()

    async def after_first_frame(self) -> None:
        if self.session and not self.query("#tabs"):
            await self.build_tabs()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        key = (event.pane.id or "").removeprefix("tab-")
        holder = self.query(f"#lazy-{key}")
        if holder and not holder.first().children:  # built the first time the tab is opened
            holder.first().mount_all(list(self._build(key)))
        self.call_after_refresh(self.focus_pane)
        self.call_after_refresh(self._show_keys_mode)

    def _build(self, key: str):
        tab = next(t for t in self.tabs if t.key == key)
        for section in tab.sections:
            yield from section_widgets(section, self.study, self.session)
        if key == "next":
            from textual.widgets import Button

            yield Button("Complete this session (c)", id="complete", variant="primary")

    # -- text -----------------------------------------------------------------------------------
    def _overview(self, lines: int | None = None) -> Static:
        """The overview as Rich Text, not Markdown: it is the first frame, and rich.markdown
        (markdown-it, pygments) would add tens of milliseconds before it. With `lines`, its first
        parts only (the first frame's)."""
        return Static(self._overview_text(lines), classes="md overview-text")

    def on_screen_suspend(self) -> None:
        self.save_typing()
        self._left = True

    def on_screen_resume(self) -> None:
        """Back from review (or a drill, a lab): the counts of what is due are told again (and a
        revision's drills chosen again). Not on the
        first showing (Textual resumes a screen as it first appears): the overview was just built."""
        if not getattr(self, "_left", False):
            return
        self._left = False
        if self.session is not None:
            for view in self.query(".overview-text"):
                view.update(self._overview_text())
            from studyxf.srs import drills as drill_srs

            passed = drill_srs.passed(self.study.conn)
            # a drill passed meanwhile: a revision's drills are chosen again, and a solution the
            # Hands-on tab held back (until its drill was passed) is shown
            if self.session.kind == "revision" or passed != getattr(self, "_passed", passed):
                self.tabs = self._tabs()
                for holder in self.query("#lazy-hands"):
                    if holder.children:
                        holder.remove_children()
                        holder.mount_all(list(self._build("hands")))

    def _overview_text(self, lines: int | None = None):
        from rich.console import Group
        from rich.text import Text

        s = self.session
        due = len(self.study.deck.queue())
        parts = [Text(present.heading(s), style="bold reverse", justify="center"),
                 Text(present.byline(s), style="italic dim")]

        flagged = progress.flagged(self.study.conn)
        if flagged:
            parts.append(Text("Flagged to revisit: " + ", ".join(
                f"{k}{' (' + v + ')' if v else ''}" for k, v in flagged.items()), style="bold yellow"))
        if due:
            parts.append(Text(f"{due} card(s) due — press r to review.", style="bold"))
        from studyxf.srs import drills as drill_srs

        for name, when in drill_srs.due(self.study.conn, self.study.day()):
            parts.append(Text(f"Drill due to write again from scratch (since {when}): {name}", style="bold"))
        from studyxf.srs import mistakes  # the weak spots, as `today --plain` says them

        parts += [Text(line, style="bold" if i == 0 else "")
                  for i, line in enumerate(mistakes.weak_spot_lines(self.study.conn, self.study.day()))]
        for section in self.tabs[0].sections:  # the presenter's overview: no Markdown in it
            parts += [Text(""), Text(section.title, style="bold underline")]
            for block in section.blocks:
                parts += render.block_renderables(block, {})
            if lines is not None and len(parts) >= lines:
                break
        return Group(*(parts if lines is None else parts[:lines]))

    def _ran_out_text(self) -> str:
        lines = ["# The written curriculum is complete", "",
                 "Every written session is done. What is upcoming:", ""]
        for s in self.study.upcoming():
            lines.append(f"- **{s.number}. {s.title}** ({s.kind})" + (" — only its agenda is known:" if s.outline else ""))
            if s.outline:
                lines += [f"    - {a}" for a in s.data["agenda"]]
        due = len(self.study.deck.queue())
        lines += ["", f"**Reviews due now: {due}** — press **r** (or run `studyxf review`).",
                  "", "Write the next sessions in your own sessions folder (see `sessions/README.md`)."]
        return "\n".join(lines)

    # -- saving as the learner works ------------------------------------------------------------
    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled) -> None:
        kind = (event.selection_list.id or "").removeprefix("sel-")
        value = event.selection.value
        progress.set_check(self.study.conn, self.session.id, kind, value, value in event.selection_list.selected)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a journal line goes on to the next box, as in a form."""
        if event.input.id and event.input.id.startswith("journal-"):
            self.focus_next()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Esc is shown in the footer while a text box has the keys, and only then."""
        if action == "leave_text":
            from textual.widgets import Input, TextArea

            return isinstance(self.focused, (Input, TextArea))
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()
        self.call_after_refresh(self._show_keys_mode)

    def on_descendant_blur(self) -> None:
        self.save_typing()  # leaving a box is a pause
        self.refresh_bindings()
        self.call_after_refresh(self._show_keys_mode)

    def _show_keys_mode(self) -> None:
        """On a tab with text boxes, a line above the footer says where the keys go: into the box, or
        (once Esc or Tab has left it) to the screen's commands, so a word typed after leaving a box
        is not taken for c, d, e... without the learner having been told. Elsewhere it is hidden."""
        from textual.widgets import Input, TextArea

        line = self.query("#keys-mode")
        scroll = self._pane_scroll()
        if not line or scroll is None:
            return
        line = line.first()
        if isinstance(self.focused, (Input, TextArea)):
            line.update("✎ typing: keys go into the box · Esc leaves it")
            line.set_classes("typing")
        elif scroll.query("Input, TextArea"):
            line.update("⌘ keys are commands now (c complete, t timer, 1-8 tabs) · Tab: back to a box")
            line.set_classes("commands")
        else:
            line.set_classes("hidden")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("journal-") and self.session is not None:
            self._typed[event.input.id.removeprefix("journal-")] = event.value
            self._wait_for_pause()

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if event.text_area.id == "notes" and self.session is not None:
            self._typed_notes = event.text_area.text
            self._wait_for_pause()

    def _wait_for_pause(self) -> None:
        if self._pause_timer is not None:
            self._pause_timer.stop()
        self._pause_timer = self.set_timer(PAUSE_S, self.save_typing)

    def save_typing(self) -> None:
        """What was typed since the last pause, saved: one journal event (and one notes event)."""
        if self._pause_timer is not None:
            self._pause_timer.stop()
            self._pause_timer = None
        typed, notes = self._typed, self._typed_notes
        self._typed, self._typed_notes = {}, None
        if self.session is None:
            return
        if typed:
            progress.save_journal(self.study.conn, self.session.id, **typed)
        if notes is not None:
            progress.save_notes(self.study.conn, self.session.id, notes)
        from studyxf.tui.widgets.journal import JournalLine

        for line in self.query(JournalLine):
            line.settle()

    def on_unmount(self) -> None:
        self.save_typing()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "complete":
            self.action_complete()

    # -- actions --------------------------------------------------------------------------------
    def _switch(self, pick) -> None:
        """Open the tab `pick(ids, active index)` names (None: stay); not while typing in a text box."""
        from textual.widgets import Input, TabbedContent, TextArea

        if self.session is None or not self.ready.is_set() or isinstance(self.focused, (Input, TextArea)):
            return
        tabs = self.query_one(TabbedContent)
        ids = [f"tab-{tab.key}" for tab in self.tabs]
        chosen = pick(ids, ids.index(tabs.active))
        if chosen is not None:
            tabs.active = chosen

    def action_tab(self, step: int) -> None:
        self._switch(lambda ids, i: ids[(i + step) % len(ids)])

    def action_goto(self, n: int) -> None:
        """1-8: straight to that tab."""
        self._switch(lambda ids, i: ids[n - 1] if n <= len(ids) else None)

    def action_scroll(self, lines: int) -> None:
        scroll = self._pane_scroll()
        if scroll is not None:
            scroll.scroll_relative(y=lines if abs(lines) < 10 else scroll.size.height - 1, animate=False)

    def action_leave_text(self) -> None:
        """Esc leaves a text box: the keys are the screen's again."""
        from textual.widgets import Input, TextArea

        if isinstance(self.focused, (Input, TextArea)):
            self.set_focus(None)
            self.focus_pane(text_boxes=False)  # the tab's scroll: its keys are the screen's

    def action_toggle_timer(self) -> None:
        if self.session is None or not self.session.data.get("leetcode"):
            return
        key = self.session.id
        if progress.timer(self.study.conn, key).running:
            progress.timer_pause(self.study.conn, key)
        else:
            progress.timer_start(self.study.conn, key, key)
        from studyxf.tui.widgets.timer import TimerPanel

        for panel in self.query(TimerPanel):
            panel.refresh_clock()
        self.notify("Timer " + ("started" if progress.timer(self.study.conn, key).running else "paused"))

    def action_flag(self) -> None:
        if self.session is None:
            return
        on = self.session.id not in progress.flagged(self.study.conn)
        progress.set_flag(self.study.conn, self.session.id, on)
        self.notify("Flagged to revisit" if on else "Flag cleared")

    def action_drill(self) -> None:
        """Open the drill screen on the session's first drill not yet passed (its workspace file is
        created from the starter the first time)."""
        from studyxf.grading import catalogue

        drills = self.session.drills if self.session else []
        if not drills:
            self.notify("This session has no drill.")
            return
        from studyxf.srs import drills as drill_srs

        drills = drill_srs.in_order(self.study.conn, self.session, self.study.day())  # as Hands-on lists them
        name = next(iter(drill_srs.unfinished(self.study.conn, drills)), drills[0])
        # a learner's broken drill folder is told as a notification, not printed over the screen
        drill = catalogue.all_drills(warn=lambda m: self.notify(m, severity="warning")).get(name)
        if drill is None:
            self.notify(f"drill {name!r} is not in the catalogue (studyxf check says why)", severity="error")
            return
        self.app.open_drill(drill)

    def action_lab(self) -> None:
        """L: a list of the labs, this session's first (marked ●); enter opens one."""
        from studyxf.labs import ABOUT, NAMES
        from studyxf.tui.picker import PickScreen

        hands_on = (self.session.data.get("hands_on") or {}) if self.session else {}
        mine = [*hands_on.get("labs", []), *hands_on.get("optional_labs", [])]
        order = [n for n in mine if n in NAMES] + [n for n in NAMES if n not in mine]
        choices = [(n, f"{'●' if n in mine else ' '} {n:<11} {ABOUT[n]}") for n in order]

        def picked(name: str | None) -> None:
            if name:
                self.app.open_lab(name)

        self.app.push_screen(PickScreen("Open a lab (● this session's)", choices), picked)

    def action_browse(self) -> None:
        self.app.open_browser()

    def action_review(self) -> None:
        from studyxf.tui.review import ReviewScreen

        if self.session is not None and self.session.kind == "revision":
            # a revision: its sessions' due cards, then a practice pass over the rest, then today's drills
            from studyxf.content.curriculum import REVISION_DRILLS
            from studyxf.srs import drills as drill_srs

            need = drill_srs.in_order(self.study.conn, self.session, self.study.day())
            covers = set(self.session.covers)
            self.app.push_screen(ReviewScreen(self.study, covers, then_practice=True, drills=need[:REVISION_DRILLS],
                                              cap=self.study.deck.slot_left(covers)))
        else:
            self.app.push_screen(ReviewScreen(self.study))

    def action_calc(self) -> None:
        self.app.open_calc()

    def action_stats(self) -> None:
        self.app.open_stats()

    def action_complete(self) -> None:
        """c asks first: completing moves today on to the next session."""
        if self.session is None:
            return
        from studyxf.tui.confirm import ConfirmScreen

        async def answered(yes: bool | None) -> None:
            if yes:
                await self.complete_now()

        self.app.push_screen(ConfirmScreen(f"Complete session {self.session.number}, {self.session.title}?\n"
                                           f"today then moves on to the next session (studyxf complete --undo "
                                           f"takes it back).", yes="Complete"), answered)

    async def complete_now(self) -> None:
        progress.complete(self.study.conn, self.session.id)
        message = present.commit_message(self.session)
        nxt = self.study.enter_today()
        self.app.notify(f"Done. Suggested commit: {message}", timeout=10)
        await self.show_session(nxt)
