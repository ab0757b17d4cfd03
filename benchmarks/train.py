"""Training throughput of `studyxf lab train`'s model (the engine's Transformer, through the
lab's Trainer) against the same model written directly in torch, nanoGPT-style, in the same run:
same shapes, batch, optimizer and data. Target: the lab keeps >= 0.95x the direct tokens/s.

Run: python benchmarks/train.py   (STEPS=..., RUNS=... to change the medians)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from studyxf.labs import train  # noqa: E402

STEPS = int(os.environ.get("STEPS", "20"))
RUNS = int(os.environ.get("RUNS", "5"))


class Block(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.ln_1, self.ln_2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.c_attn, self.c_proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.c_fc, self.mlp_proj = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(C, dim=2)
        q, k, v = (t.view(B, T, self.h, C // self.h).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(B, T, C)
        x = x + self.c_proj(y)
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x))))


class Direct(nn.Module):
    def __init__(self, vocab, d, layers, h, block):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(vocab, d), nn.Embedding(block, d)
        self.blocks = nn.ModuleList(Block(d, h) for _ in range(layers))
        self.ln_f, self.lm_head = nn.LayerNorm(d), nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))
        for b in self.blocks:
            x = b(x)
        return self.lm_head(self.ln_f(x))


def main() -> None:
    text = train.default_corpus(300_000)
    cfg = train.TrainConfig(steps=10 ** 6)
    lab = train.Trainer(text, cfg, checkpoint=None, device="cpu")
    vocab = len(lab.data.chars)
    direct = Direct(vocab, cfg.d_model, cfg.n_layers, cfg.n_heads, cfg.block)
    assert sum(p.numel() for p in direct.parameters()) == sum(p.numel() for p in lab.model.parameters())
    opt = torch.optim.AdamW(direct.parameters(), lr=cfg.lr, weight_decay=0.01)
    gen = torch.Generator().manual_seed(0)

    def direct_step():
        x, y = lab.data.batch(cfg.batch, cfg.block, gen, "cpu")
        logits = direct(x)
        loss = F.cross_entropy(logits.view(-1, vocab), y.view(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(direct.parameters(), 1.0)
        opt.step()

    def rate(step) -> float:
        step()  # warm-up
        t = time.perf_counter()
        for _ in range(STEPS):
            step()
        return STEPS * cfg.batch * cfg.block / (time.perf_counter() - t)

    ratios, ours, theirs = [], [], []
    for _ in range(RUNS):  # interleaved, so drift hits both alike
        a, b = rate(lab.train_step), rate(direct_step)
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
    r = statistics.median(ratios)
    print(f"lab train: {statistics.median(ours):,.0f} tokens/s; direct torch: {statistics.median(theirs):,.0f} "
          f"tokens/s; ratio {r:.3f}x (target >= 0.95x) {'OK' if r >= 0.95 else 'UNDER'}  "
          f"[{cfg.n_layers} blocks, d_model {cfg.d_model}, context {cfg.block}, batch {cfg.batch}, CPU]")


if __name__ == "__main__":
    main()
