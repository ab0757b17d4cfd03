"""The app's own commands in the command palette (ctrl+p): review, each drill, each lab, stats,
the calculators, the card browser, complete, flag, the timer."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Provider


class StudyCommands(Provider):
    def _today(self):
        from studyxf.tui.today import TodayScreen

        return next((s for s in self.app.screen_stack if isinstance(s, TodayScreen)), None)

    def _commands(self) -> list[tuple[str, str, object]]:
        from studyxf.grading import catalogue
        from studyxf.labs import NAMES as LABS

        app, today = self.app, self._today()
        out = [("Review the cards due", "the flashcards, SM-2", app.open_review),
               ("Card browser", "every card: search, sort, history, suspend", app.open_browser),
               ("Stats", "progress, forecast, retention", app.open_stats),
               ("Calculators", "parameters, KV cache, attention FLOPs", app.open_calc)]
        for name in LABS:
            out.append((f"Lab: {name}", "the seed's experiment", partial(app.open_lab, name)))
        for name, drill in catalogue.all_drills(warn=lambda m: None).items():
            out.append((f"Drill: {name}", drill.needs_line() or drill.title, partial(app.open_drill, drill)))
        if today is not None and today.session is not None:
            out += [("Complete today's session", today.session.title, today.action_complete),
                    ("Flag the session to revisit", today.session.title, today.action_flag),
                    ("Start or pause the LeetCode timer", "the time-box", today.action_toggle_timer)]
        return out

    async def startup(self) -> None:
        # once per opening of the palette, not per keystroke: the drill catalogue reads 19+ YAML files
        self.commands = self._commands()

    async def discover(self):
        for title, help_text, run in self.commands:
            yield DiscoveryHit(title, run, help=help_text)

    async def search(self, query: str):
        matcher = self.matcher(query)
        for title, help_text, run in self.commands:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), run, help=help_text)
