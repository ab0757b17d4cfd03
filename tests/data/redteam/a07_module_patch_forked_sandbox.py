# ATTACK a07 (drill: causal-self-attention, torch module): PASS without implementing attention.
# Module drills still run in a sandbox forked from the judge: the drill's grader, the engine and
# studyxf's sandbox-side code are in its memory, and the sandbox builds its own answers (the output,
# the layout the judge computes the reference from, and the property tests' verdicts). At import the
# file replaces module_drill.sandbox_config / sandbox_properties: the "output" becomes the grader's
# own reference, and the causality / gradient tests are reported as passed.
# SUCCESS: status "pass" although forward() returns zeros.
import sys

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        return torch.zeros_like(x)


_md = sys.modules.get("studyxf.grading.judge.module_drill")
if _md is not None:  # only in the forked sandbox
    from studyxf.grading import wire

    def _config(cls, grader, i):
        d, h, B, T, dtype, x = _md._config(i, grader)
        layout = {"fused": True, "heads": 0, "bias": {"qkv": True, "out": True}}
        ref = grader.reference(layout, d, h, seed=100 + i)(x, frozenset(), None).to(dtype)
        return {"ok": wire.encode(ref), "layout": layout, "taps": {}}

    def _props(cls, grader):
        return [{"name": n, "status": "pass", "message": None} for n in
                ("same input, same output", "causality", "gradients reach every parameter")]

    _md.sandbox_config, _md.sandbox_properties = _config, _props
    print("patched the forked sandbox's module_drill")
