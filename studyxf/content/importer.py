"""A document of the series' format (`Part N: Title` sections with Why, Agenda, Pre-read, Deep dive,
Reading material, Videos, LeetCode, Assignment, Stretch, Post-session checklist) -> session dicts,
ready to be written as YAML. Nothing is dropped: a block it cannot place is kept verbatim."""

from __future__ import annotations

import re
from dataclasses import dataclass

PART = re.compile(r"^Part\s+(\d+)\s*:\s*(.+?)\s*$")
NUMBERED = re.compile(r"^(\d+)\.\s+(.+?)\s*$")
BULLET = re.compile(r"^\s*[•\-*▪◦]\s+(.*)$")
YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
MINUTES = re.compile(r"^(?:(\d+)\s*h)?\s*(?:(\d+)\s*min)?$")
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


def _heading(line: str) -> str | None:
    """The known heading a line is: the name alone, or followed by `(...)`, `:` or `—` (`LeetCode —
    Two Sum`, `Pre-read (skim before the session)`, `Stretch (optional, +30 min): ...`); a sentence
    that merely starts with the word ("Videos are ...") is not one."""
    low = line.strip().lower()
    for h in HEADINGS:
        if low == h or any(low.startswith(h + tail) for tail in (" (", "(", ":", " —", " -")):
            return h
    return None


def split_parts(text: str) -> tuple[list[str], list[Part]]:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    starts = [i for i, line in enumerate(lines) if PART.match(line.strip())]
    if not starts:
        raise ImportError_("no 'Part N: Title' section: not a document of the series' format")
    parts = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        m = PART.match(lines[start].strip())
        parts.append(Part(int(m.group(1)), m.group(2), lines[start + 1:end]))
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
        m = BULLET.match(line)
        if m:
            items.append(m.group(1).strip())
        elif line.strip():
            other.append(line.strip())
    return items, other


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "session"


def session_id(title: str) -> str:
    """`Transformers Part 1 — ...` -> transformers-1; `RAG Part 1 — ...` -> rag-1; else the title's slug."""
    m = re.match(r"^(.*?)\s+Part\s+(\d+)\b", title)
    if m and m.group(1).strip():
        return f"{_slug(m.group(1))}-{m.group(2)}"
    return _slug(title.split(" — ")[0])


# -- readings, videos, LeetCode -------------------------------------------------------------------
_NAMEISH = re.compile(r"^[A-Z][\w.'’-]*(?:[ ,&]+(?:[A-Z][\w.'’-]*|et al\.?|and|von|van|der|de|&))*$")


def reading(text: str) -> dict:
    """`Title — Authors Year — note`, `Title (Authors, Year) — note`, `Title — Authors (detail)`."""
    segs = [s.strip() for s in text.split(" — ")]
    item: dict = {}
    title = segs.pop(0)
    m = re.match(r"^(.*?)\s*\(([^()]*)\)\s*$", title)
    if m and YEAR.search(m.group(2)):
        title, inner = m.group(1), m.group(2)
        year = YEAR.search(inner)
        item["authors"] = inner[:year.start()].strip(" ,")
        item["year"] = int(year.group(1))
        if not item["authors"]:
            del item["authors"]
    item = {"title": title, **item}
    if segs and "authors" not in item:
        cand = segs[0]
        m = re.match(r"^(.*?)\s*\(([^()]*)\)\s*$", cand)
        core, detail = (m.group(1), m.group(2)) if m else (cand, None)
        year = YEAR.search(core)
        name = core[:year.start()].strip(" ,") if year and year.end() == len(core.rstrip(".")) else core
        if _NAMEISH.match(name.rstrip(".")) and len(name) <= 60:
            segs.pop(0)
            item["authors"] = name.rstrip(".") if name.endswith("al.") is False else name
            if year and year.end() == len(core.rstrip(".")):
                item["year"] = int(year.group(1))
            if detail:
                item["note"] = detail
    rest = " — ".join(segs)
    if rest:
        item["note"] = f"{item['note']} — {rest}" if item.get("note") else rest
    m = re.search(r"\b((?:github\.com|arxiv\.org/abs)/[\w.\-/]+)", text)
    if m:
        item["url"] = "https://" + m.group(1).rstrip(".")
    item["text"] = text  # shown as written; the fields above are for search and checks
    return item


def video(text: str) -> dict | None:
    """`Title — Channel · 26 min — note`; None where no length can be read."""
    m = re.match(r"^(.*?)\s+—\s+([^—]+?)\s+·\s+([\dh min]+?)\s*(?:—\s*(.*))?$", text)
    if not m:
        return None
    length = MINUTES.match(m.group(3).strip())
    if not length or not any(length.groups()):
        return None
    minutes = int(length.group(1) or 0) * 60 + int(length.group(2) or 0)
    out = {"title": m.group(1).strip(), "channel": m.group(2).strip(), "minutes": max(1, minutes)}
    if m.group(4):
        out["note"] = m.group(4).strip()
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
    box = re.search(r"(\d+)\s*min", fields.get("time-box", ""))
    lc["timebox_min"] = int(box.group(1)) if box else 30
    lc["hint_after_min"] = min(15, lc["timebox_min"])
    lc["editorial_after_min"] = lc["timebox_min"]
    known = {"link", "difficulty", "why this problem", "time-box"}
    leftover = other + [f"{k}: {v}" for k, v in fields.items() if k not in known]
    # "30 minutes. Look up the editorial only after." is what the timer does (the editorial unlocks
    # at the time-box): placed in the fields, as the link and the difficulty are
    if fields.get("time-box") and not re.fullmatch(r"\d+\s*min(?:ute)?s?\.?(?:\s+look up the editorial only after"
                                                   r"(?: that| it)?\.?)?", fields["time-box"], re.I):
        leftover.append(f"Time-box: {fields['time-box']}")
    if "url" not in lc or "difficulty" not in lc:
        return None, [head, *lines]
    return lc, leftover


# -- the deep dive ----------------------------------------------------------------------------------
def _is_code(line: str) -> bool:
    s = line.lstrip()
    return bool(re.match(r"(import |from \S+ import |class \w|def \w|@\w|return\b)", s)) or \
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
        m = BULLET.match(line)
        numbered = NUMBERED.match(line)
        if numbered:  # kept as written ("1." not redrawn as "1"), each item its own paragraph
            if out and out[-1].strip():
                out.append("")
            out.extend([f"{numbered.group(1)}\\. {numbered.group(2)}", ""])
            continue
        out.append(f"- {m.group(1)}" if m else line)
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
        m = NUMBERED.match(line)
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
def part_to_session(part: Part, series: str, series_why: str, source: str, order: float) -> dict:
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
                m = BULLET.match(line)
                if m:
                    readings.setdefault(category or "research", []).append(reading(m.group(1).strip()))
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
            numbered = [NUMBERED.match(line.strip()) for line in body]
            deliverables = [m.group(2) for m in numbered if m]
            intro = [line.strip() for line, m in zip(body, numbered) if not m and line.strip()]
            if deliverables:
                data["assignment"] = {"deliverables": deliverables}
                if intro:
                    data["assignment"]["intro"] = " ".join(intro)
            else:
                extra.append({"title": head.strip(), "body": _paragraphs(body)})
        elif heading == "stretch":
            m = re.match(r"^Stretch\s*(\([^)]*\))?\s*:?\s*(.*)$", head.strip())
            text = " ".join([m.group(2), *[b.strip() for b in body if b.strip()]]).strip()
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
    data["recall"] = checklist_cards(data)
    return data


_STOP = {"the", "and", "for", "with", "you", "your", "what", "why", "how", "that", "this", "from", "each",
         "every", "its", "are", "can", "state", "explain", "list", "draw", "compute", "derive", "choose"}


def _words(text: str) -> set[str]:
    """Word stems (the first five letters) for matching an item to a paragraph: 'divides' meets 'dividing'."""
    return {w[:5] for w in re.findall(r"[a-z0-9√²ᵀ]+", text.lower()) if len(w) > 2 and w not in _STOP}


def checklist_cards(data: dict) -> list[dict]:
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
    bags = [_words(title) | _words(text) for title, text in paragraphs]
    weight = {w: math.log((1 + len(bags)) / (1 + sum(w in b for b in bags))) + 1 for b in bags for w in b}
    cards = []
    for n, item in enumerate(data.get("checklist", []), 1):
        want = _words(item)
        scores = [sum(weight[w] for w in want & bag) for bag in bags]
        if scores and max(scores) > 0:
            title, text = paragraphs[scores.index(max(scores))]
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
        out.append(part_to_session(part, series, series_why, source, order))
    return out
