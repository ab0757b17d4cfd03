"""Sandbox side of the walk through the smallest failing input (issue 44, item 6): each line of the
learner's file executed, in order, with the plain local values it changed (numbers, strings, short
lists, dicts and sets, as repr), so that the judge can show the learner's loop on that input, as a
teacher steps through it on the board. Only for the algorithmic drills' small inputs; nothing is
judged here. trace.py records arrays for the localisation; this records what a person reads."""

from __future__ import annotations

from studyxf.grading.sandbox.trace import Watched

MAX_STEPS = 40  # lines shown: a loop on a two- or three-element input fits
MAX_REPR = 60  # characters of one value
MAX_ITEMS = 12  # elements of a container shown
PLAIN = (bool, int, float, str, type(None))


def shown(value) -> str | None:
    """A local's value as the learner would print it, or None when it is not plain data (self, a
    module, an array)."""
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else list(value)
        if len(value) > MAX_ITEMS or not all(isinstance(x, PLAIN) for x in items):
            return None
    elif not isinstance(value, PLAIN):
        return None
    text = repr(value)
    return text if len(text) <= MAX_REPR else text[:MAX_REPR - 3] + "..."


class Walker(Watched):
    """The executed lines of `path` and what each changed, up to MAX_STEPS."""

    def __init__(self, path: str):
        self.path = path
        self.steps: list[dict] = []  # {"line", "set": {name: repr}, "now"}, a "returned" or "raised" on the last
        self.cut = False  # more lines ran than are kept
        self._seen: dict = {}  # frame id -> {name: repr}
        self._line: dict = {}  # frame id -> the line now executing

    def _changed(self, frame) -> dict:
        seen = self._seen.setdefault(id(frame), {})
        out = {}
        for name, value in list(frame.f_locals.items()):
            text = shown(value)
            if text is not None and seen.get(name) != text:
                seen[name] = out[name] = text
        return out

    def _done(self, frame) -> None:
        """The line that just ran in `frame`, with what it changed."""
        line = self._line.get(id(frame))
        if line is None:
            return
        if len(self.steps) >= MAX_STEPS:
            self.cut = True
            return
        changed = self._changed(frame)
        # every plain value now, so that the judge can say one an assignment left as it was
        self.steps.append({"line": line, "set": changed, "now": dict(self._seen[id(frame)])})

    def _local(self, frame, event, arg):
        key = id(frame)
        if event == "line":
            self._done(frame)
            self._line[key] = frame.f_lineno
        elif event == "return":
            self._done(frame)
            if self.steps and not self.cut:
                self.steps[-1]["returned"] = shown(arg) or type(arg).__name__
            for kept in (self._seen, self._line):
                kept.pop(key, None)
        elif event == "exception" and self.steps is not None:
            self._done(frame)
            self._line.pop(key, None)
            if self.steps and not self.cut:
                self.steps[-1]["raised"] = getattr(arg[0], "__name__", "an exception")
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename != self.path:
            return None
        self._changed(frame)  # the arguments: shown with the input, not as a line's change
        return self._local

    def as_data(self) -> dict:
        return {"steps": self.steps, "cut": self.cut}
