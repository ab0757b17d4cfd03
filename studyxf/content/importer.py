"""A document of the series' format (`Part N: Title` sections with Why, Agenda, Pre-read, Deep dive,
Reading material, Videos, LeetCode, Assignment, Stretch, Post-session checklist) -> session dicts,
ready to be written as YAML. Nothing is dropped: a block it cannot place is kept verbatim."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Untrusted text: every pattern here runs in linear time. No two quantifiers can share what they
# match (possessive `++`/`*+` where they could), nothing lazy is followed by a pattern that can fail
# far away, and a pattern sees at most MAX_LINE characters of a line (the text itself is kept whole:
# a bullet's or a heading's text is taken from the line, not from what the pattern saw). A 1 MiB
# document imports in well under 2 s, pathological lines included (benchmarks/import_doc.py).
MAX_LINE = 2000
PART = re.compile(r"Part\s++(\d++)\s*+:\s*+(\S.*)")  # on a stripped line: group 2 ends at a non-space
NUMBERED = re.compile(r"(\d++)\.\s++(\S.*)")  # on a right-stripped line
BULLET = re.compile(r"\s*+[•\-*▪◦]\s++(.*)")
YEAR = re.compile(r"(?<!\w)(1[89]\d\d|20\d\d)(?!\w)")
MINUTES = re.compile(r"(?:(\d++)\s*+h)?\s*+(?:(\d++)\s*+min)?")
CATEGORIES = {"books": "books", "papers": "papers", "official docs": "docs", "docs": "docs",
              "blog posts": "blogs", "blogs": "blogs"}
HEADINGS = ("why this session matters", "agenda", "pre-read", "deep dive", "reading material",
            "in-depth research material", "videos", "leetcode", "assignment / deliverables", "assignment",
            "stretch", "post-session checklist", "learning objectives", "objectives")


class ImportError_(ValueError):
    """The file is not a document of the series' format."""


@dataclass
class Part:
    number: int
    title: str
    lines: list[str]


def _cut(line: str) -> str:
    """What a pattern sees of a line: its first MAX_LINE characters."""
    return line if len(line) <= MAX_LINE else line[:MAX_LINE]


def _match(pattern: re.Pattern, line: str) -> re.Match | None:
    """`pattern` matched at the start of the line and through to its end (as ^...$ did), run on the
    cut line; a line longer than the cut matches only where the pattern's last group runs to the end,
    and that group is then read from the whole line by `_group`."""
    return pattern.fullmatch(_cut(line))


def _group(m: re.Match, line: str, n: int) -> str:
    """Group n of a match made on the cut line; the last group, on a long line, runs to its end."""
    if len(line) > MAX_LINE and m.end(n) == MAX_LINE:
        return line[m.start(n):]
    return m.group(n)


def _heading(line: str) -> str | None:
    """The known heading a line is: the name alone, or followed by `(...)`, `:` or `—` (`LeetCode —
    Two Sum`, `Pre-read (skim before the session)`, `Stretch (optional, +30 min): ...`); a sentence
    that merely starts with the word ("Videos are ...") is not one."""
    low = _cut(line).strip().lower()
    if not low.startswith(HEADINGS):  # most lines: one C-level test
        return None
    for h in HEADINGS:
        if low == h or low.startswith(_HEADING_FORMS[h]):
            return h
    return None


_HEADING_FORMS = {h: tuple(h + tail for tail in (" (", "(", ":", " —", " -")) for h in HEADINGS}


def split_parts(text: str) -> tuple[list[str], list[Part]]:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    starts = [i for i, line in enumerate(lines) if _match(PART, line.strip())]
    if not starts:
        raise ImportError_("no 'Part N: Title' section: not a document of the series' format")
    parts = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        head = lines[start].strip()
        m = _match(PART, head)
        parts.append(Part(int(m.group(1)), _group(m, head, 2), lines[start + 1:end]))
    return lines[:starts[0]], parts


def _blocks(lines: list[str]) -> list[tuple[str, list[str]]]:
    """(heading, its lines) in order; lines before the first heading under ''."""
    out: list[tuple[str, list[str]]] = [("", [])]
    previous = ""
    for line in lines:
        # a heading stands alone: a paragraph of its own, not indented
        h = _heading(line) if line and not line.startswith(" ") and not previous.strip() else None
        previous = line
        if h == "assignment / deliverables":
            h = "assignment"
        if h == "objectives":
            h = "learning objectives"
        if h is not None:
            out.append((h, [line]))
        else:
            out[-1][1].append(line)
    return out


def _paragraphs(lines: list[str]) -> str:
    return "\n".join(lines).strip()


def _bullets(lines: list[str]) -> tuple[list[str], list[str]]:
    """The bullet items, and the other non-blank lines."""
    items, other = [], []
    for line in lines:
        m = _match(BULLET, line)
        if m:
            items.append(_group(m, line, 1).strip())
        elif line.strip():
            other.append(line.strip())
    return items, other


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "session"


def session_id(title: str) -> str:
    """`Transformers Part 1 — ...` -> transformers-1; `RAG Part 1 — ...` -> rag-1; else the title's slug."""
    m = re.search(r"(?<!\s)\s++Part\s++(\d++)(?!\w)", _cut(title))  # the first " Part N" after some text
    if m and title[:m.start()].strip():
        return f"{_slug(title[:m.start()])}-{m.group(1)}"
    return _slug(title.split(" — ")[0])


# -- readings, videos, LeetCode -------------------------------------------------------------------
# names joined by spaces, commas and ampersands: one separator run between two words, never an
# ampersand that is both (`Vaswani && && ...` was 2^n ways to split the same run)
_NAMEISH = re.compile(r"[A-Z][\w.'’-]*+(?:[ ,&]++(?:[A-Z][\w.'’-]*+|et al\.?+|and|von|van|der|de)(?![\w.'’-]))*+"
                      r"(?:[ ,&]*&)?")  # a trailing ampersand or several: one backtracking run, at the end


def _trailing_parens(text: str) -> tuple[str, str] | None:
    """`Title (inner)` -> (Title, inner): the text ends with one parenthesised group holding no
    parentheses (what `^(.*?)\\s*\\(([^()]*)\\)\\s*$` matched, without its quadratic search)."""
    text = text.rstrip()
    if not text.endswith(")"):
        return None
    start = text.rfind("(", 0, len(text) - 1)
    if start < 0 or ")" in text[start + 1:-1]:
        return None
    return text[:start].rstrip(), text[start + 1:-1]


def reading(text: str) -> dict:
    """`Title — Authors Year — note`, `Title (Authors, Year) — note`, `Title — Authors (detail)`."""
    if len(text) > MAX_LINE:  # not parsed: kept as written (the title says where it starts)
        return {"title": text[:200].rstrip() + "…", "text": text}
    segs = [s.strip() for s in text.split(" — ")]
    item: dict = {}
    title = segs.pop(0)
    m = _trailing_parens(title)
    if m and YEAR.search(m[1]):
        title, inner = m
        year = YEAR.search(inner)
        item["authors"] = inner[:year.start()].strip(" ,")
        item["year"] = int(year.group(1))
        if not item["authors"]:
            del item["authors"]
    item = {"title": title, **item}
    if segs and "authors" not in item:
        cand = segs[0]
        m = _trailing_parens(cand)
        core, detail = m if m else (cand, None)
        year = YEAR.search(core)
        name = core[:year.start()].strip(" ,") if year and year.end() == len(core.rstrip(".")) else core
        if len(name) <= 60 and _NAMEISH.fullmatch(name.rstrip(".")):
            segs.pop(0)
            item["authors"] = name.rstrip(".") if name.endswith("al.") is False else name
            if year and year.end() == len(core.rstrip(".")):
                item["year"] = int(year.group(1))
            if detail:
                item["note"] = detail
    rest = " — ".join(segs)
    if rest:
        item["note"] = f"{item['note']} — {rest}" if item.get("note") else rest
    m = re.search(r"(?<!\w)((?:github\.com|arxiv\.org/abs)/[\w.\-/]++)", text)
    if m:
        item["url"] = "https://" + m.group(1).rstrip(".")
    item["text"] = text  # shown as written; the fields above are for search and checks
    return item


def video(text: str) -> dict | None:
    """`Title — Channel · 26 min — note`; None where no length can be read."""
    if len(text) > MAX_LINE:
        return None
    # `title — channel · length [— note]`: the channel is the dash-separated piece holding ` · `
    pieces = re.split(r"(?<!\s)\s++—\s++", text.strip())
    for k in range(1, len(pieces)):
        if re.search(r"\s·\s", pieces[k]):
            break
    else:
        return None
    channel, length_text = re.split(r"(?<!\s)\s++·\s++", pieces[k], maxsplit=1)
    length_text = length_text.strip()
    if not channel or len(length_text) > 20 or not re.fullmatch(r"[\dh min]++", length_text):
        return None
    length = MINUTES.fullmatch(length_text)
    if not length or not any(length.groups()):
        return None
    minutes = int(length.group(1) or 0) * 60 + int(length.group(2) or 0)
    out = {"title": " — ".join(pieces[:k]).strip(), "channel": channel.strip(), "minutes": max(1, minutes)}
    note = " — ".join(pieces[k + 1:]).strip()
    if note:
        out["note"] = note
    return out


def leetcode(head: str, lines: list[str]) -> tuple[dict | None, list[str]]:
    title = head.split("—", 1)[1].strip() if "—" in head else head[len("LeetCode"):].strip(" :-")
    items, other = _bullets(lines)
    fields: dict = {}
    for item in items:
        key, _, value = item.partition(":")
        fields[key.strip().lower()] = value.strip()
    lc: dict = {"title": title}
    if fields.get("link"):
        lc["url"] = fields["link"]
    difficulty = fields.get("difficulty", "").capitalize()
    if difficulty in ("Easy", "Medium", "Hard"):
        lc["difficulty"] = difficulty
    if fields.get("why this problem"):
        lc["why"] = fields["why this problem"]
    box = re.search(r"(?<!\d)(\d++)\s*+min", _cut(fields.get("time-box", "")))
    lc["timebox_min"] = int(box.group(1)) if box else 30
    lc["hint_after_min"] = min(15, lc["timebox_min"])
    lc["editorial_after_min"] = lc["timebox_min"]
    known = {"link", "difficulty", "why this problem", "time-box"}
    leftover = other + [f"{k}: {v}" for k, v in fields.items() if k not in known]
    # "30 minutes. Look up the editorial only after." is what the timer does (the editorial unlocks
    # at the time-box): placed in the fields, as the link and the difficulty are
    if fields.get("time-box") and not re.fullmatch(r"\d++\s*+min(?:ute)?s?\.?(?:\s++look up the editorial only after"
                                                   r"(?: that| it)?\.?)?", _cut(fields["time-box"]), re.I):
        leftover.append(f"Time-box: {fields['time-box']}")
    if "url" not in lc or "difficulty" not in lc:
        return None, [head, *lines]
    return lc, leftover


# -- the deep dive ----------------------------------------------------------------------------------
def _is_code(line: str) -> bool:
    s = line.lstrip()
    return bool(re.match(r"(import |from \S++ import |class \w|def \w|@\w|return\b)", _cut(s))) or \
        (line.startswith("    ") and bool(s))


def _markdown(lines: list[str]) -> str:
    """The document's text as Markdown: bullets as list items, indented or aligned lines (diagrams,
    formulas in columns) fenced so their layout is kept."""
    out: list[str] = []
    fence: list[str] = []

    def flush():
        if fence:
            out.extend(["```", *fence, "```"])
            fence.clear()

    for line in lines:
        aligned = bool(line.strip()) and (line.startswith("  ") or "   " in line.strip() or line.lstrip().startswith("["))
        if aligned:
            fence.append(line)
            continue
        if fence and not line.strip():
            fence.append(line)
            continue
        while fence and not fence[-1].strip():
            fence.pop()
        flush()
        m = _match(BULLET, line)
        numbered = _match(NUMBERED, line)
        if numbered:  # kept as written ("1." not redrawn as "1"), each item its own paragraph
            if out and out[-1].strip():
                out.append("")
            out.extend([f"{numbered.group(1)}\\. {_group(numbered, line, 2)}", ""])
            continue
        out.append(f"- {_group(m, line, 1)}" if m else line)
    while fence and not fence[-1].strip():
        fence.pop()
    flush()
    return "\n".join(out).strip()


def _hands_on(title: str, body: list[str]) -> dict:
    """A `Hands-on` section: its intro, the code, what to do with it."""
    intro, code, after = [], [], []
    for line in body:
        if not code and not after and not _is_code(line):
            intro.append(line)
        elif not after and (_is_code(line) or not line.strip() or line.startswith(" ")):
            code.append(line)
        else:
            after.append(line)
    while code and not code[-1].strip():
        code.pop()
    heading = re.sub(r"^(\d+)\.", r"\1\\.", title)  # "9. Hands-on" stays a heading, not a list
    out = {"intro": f"{heading}\n\n{_markdown(intro)}".strip() if _paragraphs(intro) else heading}
    if code:
        out["code"] = "\n".join(code).strip("\n") + "\n"
    if _paragraphs(after):
        out["experiment"] = _paragraphs(after)
    return out


def deep_dive(lines: list[str]) -> tuple[list[dict], dict | None, dict | None]:
    """Numbered sections (a short line `N. Title` between blank lines, N counting up) -> sections;
    the hands-on and what's next taken out to their own fields."""
    sections: list[tuple[str, list[str]]] = []
    expected = 1
    for i, line in enumerate(lines):
        m = _match(NUMBERED, line)
        blank_around = (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())
        if m and int(m.group(1)) == expected and blank_around and len(line) <= 90:
            sections.append((f"{m.group(1)}. {m.group(2)}", []))
            expected += 1
        elif sections:
            sections[-1][1].append(line)
        elif line.strip():
            sections.append(("Deep dive", [line]))
    out, hands, nxt = [], None, None
    for title, body in sections:
        bare = re.sub(r"^\d+\.\s*", "", title)
        if bare.lower().startswith("hands-on") and any(_is_code(b) for b in body):
            hands = _hands_on(title, body)
            continue
        if bare.lower().startswith("what's next") or bare.lower().startswith("what’s next"):
            items, other = _bullets(body)
            if items and not other:
                nxt = {"title": title, "items": items}
                continue
        out.append({"title": title, "body": _markdown(body) or "(empty in the document)"})
    return out, hands, nxt


# -- a whole part ------------------------------------------------------------------------------------
def part_to_session(part: Part, series: str, series_why: str, source: str, order: float,
                    budget: list[int] | None = None) -> dict:
    data: dict = {"id": session_id(part.title), "order": order, "title": part.title, "kind": "topic"}
    if series:
        data["series"] = series
    data["part"] = part.number
    data["sources"] = [f"{source}, Part {part.number}"]
    extra: list[dict] = []
    why_parts = [series_why] if series_why else []
    for heading, block in _blocks(part.lines):
        head, body = (block[0], block[1:]) if heading else ("", block)
        if heading == "":
            if _paragraphs(body):
                extra.append({"title": "From the document", "body": _paragraphs(body)})
        elif heading == "why this session matters":
            why_parts.append(_paragraphs(body))
        elif heading in ("agenda", "learning objectives"):
            items, other = _bullets(body)
            data["agenda" if heading == "agenda" else "objectives"] = items or other
            if items and other:
                extra.append({"title": head.strip(), "body": "\n\n".join(other)})
        elif heading == "pre-read":
            items, other = _bullets(body)
            data["pre_read"] = [reading(i) for i in items]
            if other:
                extra.append({"title": head.strip(), "body": "\n\n".join(other)})
        elif heading == "deep dive":
            sections, hands, nxt = deep_dive(body)
            if sections:
                data["deep_dive"] = sections
            if hands:
                data["hands_on"] = hands
            if nxt:
                data["next"] = nxt
        elif heading in ("reading material", "in-depth research material"):
            readings = data.setdefault("readings", {})
            category = "research" if heading.startswith("in-depth") else None
            for line in body:
                low = line.strip().rstrip(":").lower()
                if line.strip().endswith(":") and low in CATEGORIES:
                    category = CATEGORIES[low]
                    continue
                m = _match(BULLET, line)
                if m:
                    readings.setdefault(category or "research", []).append(reading(_group(m, line, 1).strip()))
                elif line.strip():
                    extra.append({"title": head.strip(), "body": line.strip()})
        elif heading == "videos":
            items, other = _bullets(body)
            for item in items:
                v = video(item)
                if v:
                    data.setdefault("videos", []).append(v)
                else:
                    other.append(item)
            if other:
                extra.append({"title": "Videos", "body": "\n\n".join(other)})
        elif heading == "leetcode":
            lc, leftover = leetcode(head.strip(), body)
            if lc:
                data["leetcode"] = lc
                if _paragraphs(leftover):  # shown in the LeetCode section, not after the deep dive
                    lc["note"] = "\n\n".join(line.strip() for line in leftover if line.strip())
            elif _paragraphs(leftover):
                extra.append({"title": head.strip(), "body": _paragraphs(leftover)})
        elif heading == "assignment":
            numbered = [_match(NUMBERED, line.strip()) for line in body]
            deliverables = [_group(m, line.strip(), 2) for line, m in zip(body, numbered) if m]
            intro = [line.strip() for line, m in zip(body, numbered) if not m and line.strip()]
            if deliverables:
                data["assignment"] = {"deliverables": deliverables}
                if intro:
                    data["assignment"]["intro"] = " ".join(intro)
            else:
                extra.append({"title": head.strip(), "body": _paragraphs(body)})
        elif heading == "stretch":
            m = re.match(r"Stretch\s*+(\([^)]*+\))?+\s*+:?+\s*+", head.strip())
            text = " ".join([head.strip()[m.end():], *[b.strip() for b in body if b.strip()]]).strip()
            # under its heading "Stretch" the text reads on as the document has it: "(optional, +30 min): ..."
            data["stretch"] = f"{m.group(1)}: {text}" if m.group(1) else text
        elif heading == "post-session checklist":
            items, other = _bullets(body)
            data["checklist"] = items
            other = [o for o in other if not o.lower().startswith("by the end of this session")]
            if other:
                extra.append({"title": "After the checklist", "body": "\n\n".join(other)})
    if why_parts:
        data["why"] = "\n\n".join(p for p in why_parts if p)
    if "agenda" not in data:
        data["agenda"] = [s["title"] for s in data.get("deep_dive", [])] or [part.title]
    if "deep_dive" not in data:
        data["outline"] = True
    if extra:
        data["extra"] = extra
    data["recall"] = checklist_cards(data, budget)
    return data


_STOP = {"the", "and", "for", "with", "you", "your", "what", "why", "how", "that", "this", "from", "each",
         "every", "its", "are", "can", "state", "explain", "list", "draw", "compute", "derive", "choose"}


def _words(text: str) -> set[str]:
    """Word stems (the first five letters) for matching an item to a paragraph: 'divides' meets 'dividing'."""
    return {w[:5] for w in re.findall(r"[a-z0-9√²ᵀ]+", text.lower()) if len(w) > 2 and w not in _STOP}


# word comparisons for one document's draft answers (a real part uses a few thousand); the items of a
# document built to exceed it get "Write the answer in your own words." instead of a quadratic wait
MATCH_BUDGET = 1_000_000


def checklist_cards(data: dict, budget: list[int] | None = None) -> list[dict]:
    """One recall card per checklist item; its answer a draft: the deep-dive paragraph (with its
    section's title) that shares the most rare words with the item, for the learner to tighten."""
    import math

    paragraphs = []
    for section in data.get("deep_dive", []):
        pending = ""
        for p in section["body"].split("\n\n"):
            p = f"{pending}\n\n{p.strip()}".strip() if pending else p.strip()
            pending = p if p.endswith(":") else ""  # a lead-in: kept with the list or formula it opens
            if not pending and len(p) > 40:
                paragraphs.append((section["title"], p))
    if data.get("hands_on", {}).get("code"):
        paragraphs.append(("Hands-on", data["hands_on"].get("experiment") or data["hands_on"]["intro"]))
    lc = data.get("leetcode")
    if lc:
        paragraphs.append((f"LeetCode — {lc['title']}", f"{lc['title']}: {lc.get('why', '')} ({lc['url']})"))
    from collections import Counter

    bags = [_words(title) | _words(text) for title, text in paragraphs]
    df = Counter(w for b in bags for w in b)
    weight = {w: math.log((1 + len(bags)) / (1 + n)) + 1 for w, n in df.items()}
    index: dict[str, list[int]] = {}  # word -> the paragraphs holding it, so an item meets only those
    for j, bag in enumerate(bags):
        for w in bag:
            index.setdefault(w, []).append(j)
    budget = budget if budget is not None else [MATCH_BUDGET]  # shared by the parts of one document
    cards = []
    for n, item in enumerate(data.get("checklist", []), 1):
        want = _words(item)
        cost = sum(len(index.get(w, ())) for w in want) * (1 + len(want))
        budget[0] -= cost
        best, best_score = None, 0.0
        if budget[0] >= 0:  # within the budget: the paragraph sharing the most rare words (the first of equals)
            for j in sorted({j for w in want for j in index.get(w, ())}):
                score = sum(weight[w] for w in want & bags[j])
                if score > best_score:
                    best, best_score = j, score
        if best is not None:
            title, text = paragraphs[best]
            answer = f"{text}\n\n(from the deep dive, {title})"
        else:
            answer = "Write the answer in your own words."
        cards.append({"id": f"{data['id']}-check-{n}", "prompt": item,
                      "answer": f"DRAFT — tighten this in your own words: {answer}",
                      "covers": f"checklist {n}"})
    return cards


def parse(text: str, source: str, orders: dict[str, float] | None = None, next_order: float = 100) -> list[dict]:
    """The document's sessions; `orders` places a session whose id is already known where it was."""
    preamble, parts = split_parts(text)
    series = next((line.strip() for line in preamble if line.strip()), "")
    why_at = next((i for i, line in enumerate(preamble) if _heading(line) == "why this session matters"), None)
    series_why = _paragraphs(preamble[why_at + 1:]) if why_at is not None else ""
    if series and _heading(series):
        series = ""
    orders = orders or {}
    out = []
    previous = None
    budget = [MATCH_BUDGET]
    for k, part in enumerate(parts):
        sid = session_id(part.title)
        if sid in orders:
            order = orders[sid]
        elif previous is not None and previous <= max(orders.values(), default=previous):
            # the part after one placed among known sessions (an outline replaced): right after it,
            # before whatever follows, so the parts of one document stay consecutive
            following = min((o for o in orders.values() if o > previous), default=previous + 2)
            order = (previous + following) / 2
            order = int(order) if order == int(order) else order
        else:
            order = next_order + 10 * k
        previous = order
        out.append(part_to_session(part, series, series_why, source, order, budget))
    return out
