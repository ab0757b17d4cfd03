"""The learner's study state in one place: config, curriculum, database, deck, and today's session."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property
from datetime import date

from studyxf import clock, config as config_mod, paths
from studyxf.content import curriculum as curriculum_mod
from studyxf.content.sessions import Session
from studyxf.store import db, progress


def warn(message: str) -> None:
    print(f"studyxf: warning: {message}", file=sys.stderr)


@dataclass
class Study:
    config: config_mod.Config
    curriculum: curriculum_mod.Curriculum
    conn: object

    @cached_property
    def deck(self):
        from studyxf.srs.deck import Deck

        return Deck(self.conn, self.curriculum, self.config)

    def day(self) -> date:
        return clock.study_day(clock.now(), self.config.rollover_hour)

    def completed(self) -> dict[str, str]:
        return progress.completed(self.conn)

    def today_session(self) -> Session | None:
        """The first written session not completed; None when the written curriculum ran out."""
        done = self.completed()
        for session in self.curriculum.sessions:
            if session.outline:
                return None
            if session.id not in done:
                return session
        return None

    def statuses(self) -> dict[str, str]:
        done = self.completed()
        today = self.today_session()
        return {s.id: "done" if s.id in done else ("today" if today and s.id == today.id else "upcoming")
                for s in self.curriculum.sessions}

    def enter_today(self, session: Session | None = None) -> Session | None:
        """Mark today's session as reached; the first time, its recall cards enter the deck."""
        session = session or self.today_session()
        if session is not None:
            progress.mark_today(self.conn, session.id)
        self.deck.sync()
        return session

    def upcoming(self) -> list[Session]:
        done = self.completed()
        return [s for s in self.curriculum.sessions if s.id not in done]


def open_study(extra_warnings: bool = True, backup: bool = True) -> Study:
    clock.check_env()
    cfg = config_mod.load()
    cur = curriculum_mod.build(paths.user_session_dirs(cfg.session_dirs))
    if extra_warnings:
        for w in cur.warnings:
            warn(w)
    conn = db.connect()
    if backup:
        db.daily_backup(conn)
    return Study(cfg, cur, conn)
