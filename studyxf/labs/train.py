"""Transformers Part 2's hands-on: six blocks with an embedding, a final LayerNorm and an
unembedding, trained character by character. Checkpoints live in the data dir, so a run stopped
with Ctrl-C resumes where it was. The default corpus is this Python's own standard library
source: every install has it, and nothing is downloaded."""

from __future__ import annotations

import hashlib
import math
import sysconfig
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import torch

from engine.config import ModelConfig
from engine.model import Transformer


@dataclass
class TrainConfig:
    d_model: int = 128
    n_layers: int = 6
    n_heads: int = 4
    block: int = 128  # context length T
    batch: int = 32
    steps: int = 1500  # about 8 minutes on 2 CPU cores; Python-like text from about step 500
    lr: float = 1e-3
    seed: int = 0
    checkpoint_every: int = 250
    sample_every: int = 500


def default_corpus(limit: int = 1_000_000) -> str:
    """The first `limit` characters of the standard library's .py files, in a fixed order."""
    root = Path(sysconfig.get_paths()["stdlib"])
    parts, size = [], 0
    for path in sorted(root.glob("*.py")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        parts.append(text)
        size += len(text)
        if size >= limit:
            break
    return "".join(parts)[:limit]


class CharData:
    def __init__(self, text: str):
        if len(set(text)) < 2 or len(text) < 64:
            raise ValueError("the corpus is too small to train on (needs at least 64 characters and 2 distinct)")
        self.chars = sorted(set(text))
        self.index = {c: i for i, c in enumerate(self.chars)}
        self.data = torch.tensor([self.index[c] for c in text], dtype=torch.long)
        self.digest = hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()[:16]

    def batch(self, n: int, T: int, gen: torch.Generator, device):
        starts = torch.randint(0, len(self.data) - T - 1, (n,), generator=gen)
        x = torch.stack([self.data[s:s + T] for s in starts])
        y = torch.stack([self.data[s + 1:s + T + 1] for s in starts])
        return x.to(device), y.to(device)

    def decode(self, ids) -> str:
        return "".join(self.chars[i] for i in ids)


def model_config(cfg: TrainConfig, vocab: int) -> ModelConfig:
    return ModelConfig(name="lab-char", vocab_size=vocab, d_model=cfg.d_model, n_layers=cfg.n_layers,
                       n_heads=cfg.n_heads, max_seq=cfg.block, style="gpt", bias=True, tied=False)


def pick_device(device: str = "auto") -> torch.device:
    if device == "cuda" or (device == "auto" and torch.cuda.is_available()):
        return torch.device("cuda")
    return torch.device("cpu")


@dataclass
class Progress:
    step: int
    steps: int
    loss: float
    tokens_per_s: float
    sample: str | None = None


class Trainer:
    def __init__(self, text: str, cfg: TrainConfig, checkpoint: Path | None = None, device: str = "auto"):
        self.cfg, self.data, self.checkpoint = cfg, CharData(text), checkpoint
        self.device = pick_device(device)
        torch.manual_seed(cfg.seed)
        self.model = Transformer(model_config(cfg, len(self.data.chars)), path="sdpa").to(self.device)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr, weight_decay=0.01)
        self.gen = torch.Generator().manual_seed(cfg.seed)
        self.step = 0
        self.losses: list[float] = []
        self.resumed = self._load()

    def _meta(self) -> dict:
        return {"config": asdict(self.cfg), "corpus": self.data.digest, "chars": self.data.chars}

    def _load(self) -> bool:
        if self.checkpoint is None or not self.checkpoint.exists():
            return False
        # loaded on the CPU: the generator's state must stay a CPU ByteTensor (map_location="cuda"
        # moved it, and set_state refused it); load_state_dict copies the rest to the model's device
        state = torch.load(self.checkpoint, map_location="cpu", weights_only=False)
        same = {k: v for k, v in state["meta"]["config"].items() if k != "steps"} == \
            {k: v for k, v in asdict(self.cfg).items() if k != "steps"}
        if not same or state["meta"]["corpus"] != self.data.digest:
            return False  # another run's checkpoint: start afresh (it is overwritten at the next save)
        self.model.load_state_dict(state["model"])
        self.opt.load_state_dict(state["opt"])
        self.gen.set_state(state["gen"])
        self.step, self.losses = state["step"], state["losses"]
        return True

    def save(self) -> None:
        if self.checkpoint is None:
            return
        self.checkpoint.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.checkpoint.with_suffix(".tmp")
        torch.save({"meta": self._meta(), "model": self.model.state_dict(), "opt": self.opt.state_dict(),
                    "gen": self.gen.get_state(), "step": self.step, "losses": self.losses}, tmp)
        tmp.replace(self.checkpoint)  # a kill mid-save leaves the previous checkpoint whole

    def lr_at(self, step: int) -> float:
        warm = min(100, self.cfg.steps // 10 or 1)
        if step < warm:
            return self.cfg.lr * (step + 1) / warm
        frac = (step - warm) / max(1, self.cfg.steps - warm)
        return self.cfg.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(1.0, frac))))

    def train_step(self) -> float:
        self.model.train()
        for group in self.opt.param_groups:
            group["lr"] = self.lr_at(self.step)
        x, y = self.data.batch(self.cfg.batch, self.cfg.block, self.gen, self.device)
        logits = self.model(x)
        loss = torch.nn.functional.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1))
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.opt.step()
        self.step += 1
        self.losses.append(loss.item())
        return self.losses[-1]

    @torch.no_grad()
    def sample(self, n: int = 200, prompt: str = "\n", temperature: float = 0.8, top_k: int = 20) -> str:
        self.model.eval()
        ids = [self.data.index.get(c, 0) for c in prompt] or [0]
        idx = torch.tensor([ids], device=self.device)
        g = torch.Generator(device=self.device).manual_seed(self.step)
        out = []
        for _ in range(n):  # the context slides: learned positions stop at the block size
            step = self.model.generate(idx[:, -self.cfg.block:], 1, temperature=temperature, top_k=top_k,
                                       use_cache=False, generator=g)
            idx = torch.cat((idx, step[:, -1:]), dim=1)
            out.append(step[0, -1].item())
        return self.data.decode(out)

    def run(self, on_progress=None):
        """Train to cfg.steps, checkpointing as it goes; on Ctrl-C, save and re-raise. on_progress
        hears every step, with a sample every sample_every steps and at the last (a short run shows
        what it learned too); a run already at cfg.steps is heard once, with a sample."""
        t0, seen = time.perf_counter(), 0
        if on_progress and self.step >= self.cfg.steps:
            on_progress(Progress(self.step, self.cfg.steps, self.losses[-1] if self.losses else float("nan"), 0.0,
                                 self.sample()))
        try:
            while self.step < self.cfg.steps:
                loss = self.train_step()
                seen += self.cfg.batch * self.cfg.block
                if self.step % self.cfg.checkpoint_every == 0:
                    self.save()
                if on_progress:
                    last = self.step == self.cfg.steps
                    sample = self.sample() if self.step % self.cfg.sample_every == 0 or last else None
                    on_progress(Progress(self.step, self.cfg.steps, loss, seen / (time.perf_counter() - t0), sample))
        except KeyboardInterrupt:
            self.save()
            raise
        self.save()
        return self.losses
