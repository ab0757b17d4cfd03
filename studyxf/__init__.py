"""studyxf: a terminal study companion for learning transformers by doing."""

__version__ = "0.1.0"
