"""Running a lab from the command line or a screen: options in, rich renderables out."""

from __future__ import annotations

from pathlib import Path

from studyxf import paths
from studyxf.errors import StudyxfError


def heatmap_source(submission: str | None) -> Path | None:
    """The learner's attention file: --file, else the drill workspace copy when it exists."""
    if submission:
        path = Path(submission)
        if not path.is_file():
            raise StudyxfError(f"{submission}: no such file")
        return path
    workspace = paths.workspace() / "attention" / "attention.py"
    return workspace if workspace.is_file() else None


def figures(name: str, options: dict, head: int = 0, knobs: dict | None = None, colour: bool = True,
            stage=None, width: int = 120) -> list:
    """The renderables of a one-shot lab (all but train); `stage(text)` hears the long steps."""
    stage = stage or (lambda text: None)
    from studyxf.labs import show

    seed = options.get("seed", 0)
    if name == "scaling":
        from studyxf.labs import scaling

        knobs = knobs or {}
        params = {"seed": seed, **knobs}
        stage("the seed's experiment, with and without 1/sqrt(d)")
        scaled, unscaled = scaling.experiment(**params)
        stage("200 seeds, to see how often the row collapses")
        summary = scaling.sweep(200, **{k: v for k, v in knobs.items() if k != "seed"})
        return show.scaling(scaled, unscaled, params, summary)
    if name == "heatmap":
        from studyxf.labs import heatmap

        source = heatmap_source(options.get("submission"))
        label = "the engine"
        if source is not None:
            try:
                toks, w = heatmap.weights(seed=seed, submission=source)
                label = f"your {source.name}"
            except Exception as exc:  # noqa: BLE001 - the learner's file may not work yet: show the engine's
                toks, w = heatmap.weights(seed=seed)
                label = f"the engine ({source.name} failed: {type(exc).__name__}: {str(exc)[:80]})"
        else:
            toks, w = heatmap.weights(seed=seed)
        return show.heatmap(toks, w, head % len(w), label, colour)
    if name == "positional":
        from studyxf.labs import positional as pos

        rope, sinus = pos.rope_scores(seed=seed), pos.sinusoidal_scores()
        return show.positional(pos.encoding_matrix(), rope, sinus, pos.relative_spread(rope),
                               pos.relative_spread(sinus), colour, width)
    if name == "kv-cache":
        from studyxf.labs import kvcache

        return show.kvcache(kvcache.run(seed=seed, stage=stage))
    raise StudyxfError(f"unknown lab {name!r}")


def trainer(options: dict):
    from studyxf.labs import train

    if options.get("corpus"):
        from studyxf import safefile

        try:  # a regular file under 64 MiB: a FIFO or /dev/zero named here is one line, not a hang
            text = safefile.read_bytes(options["corpus"], 64 * safefile.MiB).decode("utf-8", errors="replace")
        except OSError as exc:
            raise StudyxfError(f"{options['corpus']}: {exc}") from None
    else:
        text = train.default_corpus()
    cfg = train.TrainConfig(seed=options.get("seed", 0))
    if options.get("steps"):
        cfg.steps = options["steps"]
    checkpoint = paths.home() / "labs" / "train" / "checkpoint.pt"
    if options.get("fresh") and checkpoint.exists():
        checkpoint.unlink()
    try:
        return train.Trainer(text, cfg, checkpoint, options.get("device", "auto"))
    except ValueError as exc:
        raise StudyxfError(f"{options.get('corpus') or 'corpus'}: {exc}") from None


def run_plain(name: str, options: dict) -> int:
    import time

    from rich.console import Console

    console = Console()
    started = time.monotonic()

    def say(text: str) -> None:  # progress at once, before torch's import and between long steps
        console.print(f"[{time.monotonic() - started:5.1f} s] {text}", style="dim", highlight=False)

    say(f"lab {name}: loading torch and the model")
    if name != "train":
        for item in figures(name, options, colour=console.is_terminal and not console.no_color, stage=say,
                            width=console.width):
            console.print(item)
        return 0
    from studyxf.labs import show

    tr = trainer(options)
    console.print(f"training {tr.cfg.n_layers} blocks (d_model {tr.cfg.d_model}, {tr.cfg.n_heads} heads, context "
                  f"{tr.cfg.block}) on {len(tr.data.data):,} characters ({len(tr.data.chars)} distinct), "
                  f"{tr.device}; " + (f"resumed at step {tr.step}" if tr.resumed else "from scratch"))

    last, first, final = [0.0], tr.step, [None]

    def progress(p):  # the first steps at once, then every 50 steps or 5 seconds, whichever comes first
        now = time.monotonic()
        if p.step <= first + 1 or p.step % 50 == 0 or p.step == p.steps or now - last[0] >= 5:
            last[0] = now
            rate = f"  {p.tokens_per_s:,.0f} tokens/s" if p.tokens_per_s else "  (already trained this far)"
            console.print(f"step {p.step:>5}/{p.steps}  loss {p.loss:.3f}{rate}")
        if p.sample and p.step >= p.steps:
            final[0] = p.sample  # shown after the loss curve
        elif p.sample:
            console.print(f"--- sample at step {p.step} ---\n{p.sample}\n---")

    tr.run(progress)  # Ctrl-C: the trainer saves, the command exits 130 (resume with the same command)
    console.print(show.loss_curve(tr.losses))
    console.print(f"--- sample at step {tr.step} ---\n{final[0] or tr.sample()}")
    return 0
