"""Spaced repetition: SM-2 as pure functions, and the review queue built on the store."""
