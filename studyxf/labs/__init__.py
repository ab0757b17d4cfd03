"""The seeds' experiments as labs: plain functions that return numbers (tested, and printed by
`studyxf lab NAME --plain`) and Textual screens that draw them. Labs import torch."""

NAMES = ("scaling", "heatmap", "positional", "train", "kv-cache")
