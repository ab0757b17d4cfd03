"""A lab screen: the lab's figures, redrawn as the learner turns its knobs; `train` runs in a
worker thread with a progress bar, the loss curve and samples as it goes."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, ProgressBar, Static

from studyxf.labs import runner, show

KNOBS = {  # lab -> key -> (description, change)
    "scaling": {"s": "next seed", "d": "d_head x2 (unit q, k)", "D": "d_head /2", "i": "input x2", "I": "input /2",
                "u": "seed's module / unit-variance q, k"},
    "heatmap": {"n": "next head", "s": "next seed"},
    "positional": {"s": "next seed"},
    "kv-cache": {"s": "run again"},
    "train": {},
}


class LabScreen(Screen):
    BINDINGS = [Binding("escape", "leave", "Back"), Binding("k", "knobs", "Knobs")]

    def __init__(self, name: str, options: dict):
        super().__init__()
        self.lab, self.options = name, dict(options)
        self.head = 0
        self.knobs = {"input_scale": 1.0, "unit_qk": False, "d_head": 128}

    def compose(self) -> ComposeResult:
        yield Header()
        if self.lab == "train":
            yield ProgressBar(id="progress", show_eta=True)
        with VerticalScroll():
            yield Static("computing...", id="figures")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"lab {self.lab}"
        self.redraw()

    def on_key(self, event) -> None:
        key = event.character
        if key and key in KNOBS.get(self.lab, {}):
            event.stop()
            self.turn(key)

    def turn(self, key: str) -> None:
        if key == "s":
            self.options["seed"] = self.options.get("seed", 0) + 1
        elif key == "n":
            self.head += 1
        elif key in "dD":
            self.knobs["unit_qk"] = True
            self.knobs["d_head"] = max(2, self.knobs["d_head"] * 2 if key == "d" else self.knobs["d_head"] // 2)
        elif key in "iI":
            self.knobs["input_scale"] *= 2 if key == "i" else 0.5
        elif key == "u":
            self.knobs["unit_qk"] = not self.knobs["unit_qk"]
        self.redraw()

    def scaling_knobs(self) -> dict:
        k = self.knobs
        return {"unit_qk": True, "d_head": k["d_head"]} if k["unit_qk"] else {"input_scale": k["input_scale"]}

    def redraw(self) -> None:
        self.query_one("#figures", Static).update("computing...")
        target = self._train if self.lab == "train" else self._figures
        self.run_worker(target, thread=True, exclusive=True)

    def _figures(self) -> None:
        knobs = self.scaling_knobs() if self.lab == "scaling" else None
        # as many columns as the screen holds (at 80 the positional grid squeezed its cells to "0.…")
        items = runner.figures(self.lab, self.options, head=self.head, knobs=knobs, width=self.size.width - 4)
        self.app.call_from_thread(self.query_one("#figures", Static).update, Group(*items))

    def _train(self) -> None:
        tr = runner.trainer(self.options)
        bar = self.query_one("#progress", ProgressBar)
        self.app.call_from_thread(bar.update, total=tr.cfg.steps, progress=tr.step)
        first = min(tr.cfg.steps, (tr.step // tr.cfg.sample_every + 1) * tr.cfg.sample_every)
        last_sample = [f"(the first sample at step {first})"]
        self.trainer = tr

        def progress(p):
            if p.sample:
                last_sample[0] = p.sample
            if p.step % 10 == 0 or p.sample or p.step == p.steps:
                rate = f"{p.tokens_per_s:,.0f} tokens/s" if p.tokens_per_s else "trained this far already"
                text = Group(Text(f"step {p.step}/{p.steps}  loss {p.loss:.3f}  {rate}  "
                                  f"({tr.device}; checkpoint every {tr.cfg.checkpoint_every} steps)"),
                             show.loss_curve(tr.losses), Text("sample:", style="bold"), Text(last_sample[0]))
                self.app.call_from_thread(self.query_one("#figures", Static).update, text)
                self.app.call_from_thread(bar.update, progress=p.step)
            if self._stop:
                raise KeyboardInterrupt

        self._stop = False
        try:
            tr.run(progress)
        except KeyboardInterrupt:
            pass  # saved by the trainer: the same command resumes

    _stop = False

    def action_knobs(self) -> None:
        knobs = KNOBS.get(self.lab, {})
        self.notify("\n".join(f"{k}: {v}" for k, v in knobs.items()) or "no knobs here", timeout=10)

    def action_leave(self) -> None:
        self._stop = True  # a training run checkpoints and stops
        self.app.action_back()
