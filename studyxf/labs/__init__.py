"""The seeds' experiments as labs: plain functions that return numbers (tested, and printed by
`studyxf lab NAME --plain`) and Textual screens that draw them. Labs import torch."""

NAMES = ("scaling", "heatmap", "positional", "train", "kv-cache")
ABOUT = {"scaling": "what dividing by sqrt(d_head) does to a softmax row, over 200 seeds",
         "heatmap": "attention weights over a sentence, head by head (yours or the engine's), random untrained weights",
         "positional": "sinusoidal and RoPE encodings: RoPE's q.k and the sinusoidal PE.PE by relative offset",
         "train": "a small GPT trained on text every install has, with its loss curve",
         "kv-cache": "generation with and without the KV cache: time and bytes"}
