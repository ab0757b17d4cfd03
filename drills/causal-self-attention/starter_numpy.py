# This drill is a torch nn.Module (it has no NumPy form): write it here with torch.nn. TASK.md, beside
# this file, says what the grader expects.
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        # your layers here: e.g. self.qkv = nn.Linear(d_model, 3 * d_model), self.proj = nn.Linear(d_model, d_model)
        raise NotImplementedError("write CausalSelfAttention here")

    def forward(self, x):
        raise NotImplementedError
