"""Widgets the screens share: the time-box panel, Markdown in one Static, Textual fixes."""
