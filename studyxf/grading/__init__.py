"""Grading: runs a submission in a worker process, compares with the engine, names the mistake."""
