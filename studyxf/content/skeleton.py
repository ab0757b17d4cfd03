"""`studyxf new`'s session skeleton, and how `check` knows its placeholder text left unedited.

A skeleton is a draft (`draft: true`): valid YAML that passes the schema, so the learner can see
it with `today --session ID`, but kept out of the curriculum until its draft line is deleted, and
reported by `check` until then, as is any of its placeholder text still in the file."""

from __future__ import annotations

from functools import lru_cache

TEXT = '''\
# A session of your own. `studyxf check {path}` says what is left to fill in, line by line;
# `studyxf today --session {id}` shows it. Fields marked (optional) can be deleted. Text after `|`
# keeps its line breaks; the deep dive's bodies are Markdown.

draft: true              # delete this line once the session is filled in: until then it is not in the curriculum
id: {id}                 # lower-case letters, digits and '-'; the same id as a shipped session replaces it
order: {order}                 # where it sits in the curriculum (transformers-1 is 10, transformers-2 20, rag-1 50)
title: "{title}"   # shown as the session's heading; `Name Part N — ...` is the series' style
kind: topic              # topic (every two are followed by a revision), lesson, or revision
series: "My own sessions"   # (optional) the series it belongs to
sources: ["my notes"]    # (optional) where the content comes from

why: |                   # (optional) why this session matters, in a paragraph or two
  Say why this topic matters, in your own words.

agenda:                  # at least one item: the session's plan, shown first
  - "The first thing to understand"
  - "The second thing"

pre_read:                # (optional) readings to skim first: a title, or title / authors / year / url / note
  - title: "Attention Is All You Need"
    authors: "Vaswani et al."
    year: 2017
    url: "https://arxiv.org/abs/1706.03762"
    note: "An example: replace it with your own reading, or delete it."

deep_dive:               # the sections of the deep dive (or write `outline: true` while only the agenda is known)
  - title: "1. The idea"
    body: |
      Markdown: paragraphs, lists, `code`, and fenced blocks.

hands_on:                # (optional) code to run and what to try with it
  intro: "Write it yourself first."
  code: |
    import torch
  experiment: "Change one thing and predict what happens before you run it."
  drills: []             # (optional) drills from `studyxf drill`, e.g. [attention]
  labs: []               # (optional) labs: scaling, heatmap, positional, train, kv-cache

readings:                # (optional) books, papers, docs, blogs, research: lists like pre_read
  papers:
    - title: "Layer Normalization"
      authors: "Ba, Kiros, Hinton"
      year: 2016
      note: "An example: replace it with your own reading, or delete it."

videos:                  # (optional) title, channel and length in minutes
  - title: "Let's build GPT: from scratch, in code, spelled out"
    channel: "Andrej Karpathy"
    minutes: 116
    note: "An example: replace it with your own video, or delete it."

leetcode:                # (optional) the time-boxed problem: hint and editorial unlock as the timer runs
  title: "Two Sum"
  url: "https://leetcode.com/problems/two-sum/"
  difficulty: Easy       # Easy, Medium or Hard
  why: "An example: replace it with your own problem, or delete the leetcode block."
  timebox_min: 30
  hint_after_min: 15
  editorial_after_min: 30
  hint: "What do you need to have seen before, to answer in one pass?"

assignment:              # (optional) deliverables the learner ticks off
  intro: "Before moving on:"
  deliverables:
    - "Explain the idea to someone else in five minutes."

stretch: "Optional, +30 min: something harder, for when there is time."   # (optional)

checklist:               # (optional) what you should be able to do by the end
  - "State the idea in one sentence."

recall:                  # (optional) flashcards, reviewed with SM-2 by `studyxf review`
  - id: {id}-idea        # unique; used to keep the card's schedule
    prompt: "What is the idea, in one sentence?"
    answer: "Your answer, short enough to check in a glance."
    covers: "checklist 1"   # (optional) which checklist item it tests

next:                    # (optional) what comes next
  title: "What's next"
  items:
    - "The following topic"
'''

# values that may rightly stay as the skeleton has them: names, links, numbers, code, and the
# examples' titles (a real session may well read "Attention Is All You Need")
_KEPT = {"id", "title", "kind", "series", "sources", "difficulty", "url", "authors", "channel", "code", "covers",
         "drills", "labs", "optional_drills", "optional_labs", "intro"}


def render(session_id: str, path) -> str:
    title = session_id.replace("-", " ").capitalize()
    return TEXT.format(id=session_id, order=100, title=title, path=path)


@lru_cache(maxsize=1)
def placeholders() -> frozenset[str]:
    """The skeleton's own prose (the why, the agenda, the deep dive's body, the examples' notes...):
    a session that still holds one of them verbatim was not finished."""
    import yaml

    found: set[str] = set()

    def walk(value, key):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key not in _KEPT:
            found.add(value.strip())

    walk(yaml.safe_load(render("x", "x.yaml")), None)
    return frozenset(found)


def unedited(data: dict) -> list[tuple[tuple, str]]:
    """(key path, text) of every value in a session that is the skeleton's placeholder text."""
    known = placeholders()
    out: list[tuple[tuple, str]] = []

    def walk(value, key_path, key):
        if isinstance(value, dict):
            for k, v in value.items():
                if not str(k).startswith("__"):
                    walk(v, key_path + (k,), k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, key_path + (i,), key)
        elif isinstance(value, str) and key not in _KEPT and value.strip() in known:
            out.append((key_path, value.strip()))

    walk(data, (), None)
    return out
