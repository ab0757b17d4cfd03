"""A Triton kernel's second cause (issue 44): the line its localisation named, mended by one edit
there, and the kernel localised again on that edited copy, where the values the first slip hid
now show (a key loop one tile short behind scores scaled twice); the two edits are said where,
made together, they mend every case.

The Python edit search (repair.py) tries every pair of its likeliest edits, which the interpreter
runs too slowly for a kernel (30-200 ms a copy); here the edits at the named lines, and those at the
line each nearer copy's localisation names, are all that are run, bounded in calls. The sandbox runs
a copy's kernels as edited (fresh.copy_lines)."""

from __future__ import annotations

import re

from studyxf.grading.judge.flow import feeding as _feeding

EDITS_AT = 80  # edits tried at the line the localisation named, on the smallest failing case
RELOCALISED = 24  # of those, the copies localised again (a tenth of a second each)
NEAREST = 3  # of those, the nearest searched at their localisations' lines before the nearest is searched anywhere
SECOND = 80  # edits tried with one of those, at the line its copy's localisation names
ANYWHERE = 160  # or on any line, with the nearest copy, where that localisation verifies none
TOLD_EDITS = 12  # edits at a told grid entry's line, each tried with an edit the code shows a slip for
UNREAD = 4  # edits that read a pointer the kernel never reads, tried beside the named line's own
ASKS = 200  # copies run in all (the pairs found in the corpora took 39-159; a search that finds none ran 2053)
# catalogued slips whose fix adds code (both rescales, the key mask, the scale, the K step): no one-token edit
# mends them, so a search for such a slip's line finds none (4-5 s of copies; softmax's, half a second, are
# searched: holdout13's softmax-triton/learner_01 has its missing max found at its line so)
ADDED = {"flash-no-rescale", "flash-keys-unmasked", "no-scale", "matmul-k-not-advanced"}
# an edited kernel's time limit on one case: the interpreter takes 30-200 ms a case idle, and several times
# that on a loaded machine, where runcases.EDIT_S (0.5 s) failed copies that mend the file; an edit that
# makes a loop endless (a pointer for a bound) is stopped at it, so it is no more than that needs
EDIT_S = 2.0
# a dtype said beside the values' cause: the values are judged past it (repair.closeness)
DTYPES = {"dtype-lowered", "dtype-promoted", "dtype-integer"}
# kernel_grid's causes past the launch
STEPPING = "which steps with the loop"  # edits.kernels.offset_not_advanced's words
TOLD_APART = {"program-id-axis", "stores-shared", "store-mask", "tile-offset", "program-split"}


class _Copy:
    """The remote, with the edited copies given a kernel's time and counted (ASKS in all, shared with
    the copies made from it: past them it is `gone` to the search), and (`source`) its kernel traces
    asked of an edited copy of the learner's file."""

    def __init__(self, remote, source: str | None = None):
        self._remote, self._source = remote, source
        self._asked = remote._asked if isinstance(remote, _Copy) else [0]

    def __getattr__(self, name):
        return getattr(self._remote, name)

    @property
    def gone(self):
        spent = self._asked[0] >= ASKS
        return self._remote.gone or ({"dead": "the kernel search's copies all run"} if spent else None)

    def case_request(self, index: int, case, op: str = "call") -> dict:
        message = self._remote.case_request(index, case, op)
        return {**message, "source": self._source} if op == "kernel_trace" and self._source else message

    def patched_request(self, case, source: str) -> dict:
        if isinstance(self._remote, _Copy):
            return self._remote.patched_request(case, source)
        self._asked[0] += 1
        message = self._remote.patched_request(case, source)
        return {**message, "seconds": max(message.get("seconds") or 0, EDIT_S)}


def repaired(named: list[dict], source: str | None, entry: str, remote, cases: list, wrong: list, framework: str,
             grader, req, resource=frozenset()) -> list[dict]:
    """The diagnosis of a Triton file, with a second cause beside the line it named, where an edit
    there and one at the line the copy's localisation names mend every case together."""
    from studyxf.grading.judge import kernel_localise, kernel_source, mend, repair
    from studyxf.grading.request import parse_entry

    if not named or source is None or remote.gone or not wrong or not kernel_localise.applies(grader):
        return named
    # two causes said, each at its line, already (a load that reads astray beside a K loop one tile short); not
    # where one is a grid's coverage, said at the launch, whose cause may be where a program finds its tile
    if len({d["line"] for d in named if d.get("line") and d.get("verified") and d["mistake"] != "raised"}) >= 2 \
            and not any(d.get("step") == "grid" and d.get("comparator") not in TOLD_APART for d in named):
        return named
    # a grid whose uncovered outputs the localisation told apart from the launch (a store's mask, a program id
    # read on one axis, stores to shared addresses, a tile's offset), each verified at its line: the search found
    # no second cause beside such an entry in the corpora (h9, h11, h12: 2-23 s of copies for nothing), and a
    # value slip beside it shows as an entry of its own
    if all(d.get("verified") and d.get("line") and (d.get("step") != "grid" or d.get("comparator") in TOLD_APART)
           for d in named) and any(d.get("comparator") in TOLD_APART for d in named):
        # a program id read on the wrong axis alone: its fix is known (the axis the grid launches along); the copy
        # with it made is localised once for what else the grid hid (holdout16: a block sized from the rows)
        axis = [d for d in named if d.get("comparator") == "program-id-axis"]
        if len(named) == 1 and len(axis) == 1 and not remote.gone:
            return _past_the_axis(named, axis[0], source, entry, remote, cases, wrong, framework, grader, req,
                                  resource)
        # (unless the code itself shows a second slip: a row max made and never subtracted, a pointer never read;
        # its edit is tried with each edit at the told line, a few copies)
        return _beside_the_told(named, source, entry, remote, cases, wrong, framework, grader, resource)
    if any(c.validate is not None or c.device is not None or getattr(c, "driver", None) is not None for c in cases):
        return named
    # every cause a catalogued slip whose variant gives every failing answer, each at its line: no second
    # cause hides beside them (as repair.repaired returns at once; 5 s of copies saved on such a kernel)
    if all(d.get("verified") and d.get("line") and d["mistake"] not in (None, "located", "raised", "measured",
                                                                        "localised") for d in named):
        return named
    # each entry's line, and the lines its words name (where a factor was folded into a loaded tile); beside a
    # grid that leaves outputs unwritten, the lines that map a program to its tile (pid // num_m for num_n)
    lines = sorted({d["line"] for d in named if d.get("line") and d["mistake"] != "raised"} |
                   {int(n) for d in named if d.get("verified") and isinstance(d.get("message"), str)
                    for n in re.findall(r"\bline (\d+): `", d["message"])} |
                   (_program_lines(source) if any(d.get("step") == "grid" for d in named) else set()))
    # a catalogued slip named alone, without a line (its form not found in the file): the edit that mends it
    lineless = len(named) == 1 and not lines and named[0].get("verified") and \
        named[0]["mistake"] not in (None, "located", "raised", "measured")
    if not lines and not lineless and named and all(d["mistake"] == "measured" and not d.get("line") for d in named):
        # nothing localised (no step of the reference and no slip gives the values): the kernel's own lines searched,
        # their edits tried as the named lines' are (a column taken modulo the row's length beside a 0 fill)
        text = source.splitlines()
        lines = sorted(n for n in _kernel_lines(source) if text[n - 1].strip() and
                       not text[n - 1].lstrip().startswith(("@", "def ", "#")))
    if not lines and not lineless:
        return named
    if lineless:
        from studyxf.grading.judge import slip_code

        # the one line of the slip's form (a causal comparison, the masked load) is its line without a copy run
        placed = slip_code.placed([dict(d) for d in named], source)
        if placed[0].get("line") or named[0]["mistake"] in ADDED:
            return placed
    entry = parse_entry(entry)[0]
    first = min(wrong, key=repair._smallest_and_least_alike)
    remote = _Copy(remote)
    search = repair.Search(remote, [first] + [c for c in cases if c is not first and id(c) not in resource], first)
    start = search.ask(source, first)
    if start == (3,) or remote.gone:
        return named
    listed = _lister(source, framework, repair.kinds(source, entry, first))
    if lineless:
        for b in _spread(listed(source, [], most=10_000))[:ANYWHERE]:
            if remote.gone:
                break
            if search.ask(b["source"], first) == (3,) and search.passes(b["source"]):
                return repair._merged(named, [mend.entry(b, None, False)], list(getattr(grader, "SLIPS", [])), True)
        return named
    # a loop named (keys never loaded) is bounded where its range's names are assigned: those lines too (hi = pid_m *
    # BLOCK_M above `for start_n in range(0, hi, BLOCK_N)`: 200 copies of the loop's own line ran for 19 s in vain)
    bounds = [n for line in lines if _loop(source, line)
              for n in _feeding(source, line)[:2] + _offsets(source, line)] + \
        [n for line in lines for n in _helpers(source, line)]  # and the helpers a named line calls
    # (a line seen only as the first value off the steps, unverified: what it reads may be made wrong a line above,
    # `e = tl.where(mask, 0.0, e)` before `denom = tl.sum(e)`)
    bounds += [n for d in named if d.get("line") and not d.get("verified") and d["mistake"] != "raised"
               for n in _feeding(source, d["line"])[:2] if n not in bounds]
    # (and the masks further up that line's inputs, which set lanes aside: `s = tl.where(kn[None, :] < T, s, 0.0)`
    # three lines above the running sum the padded keys first show in)
    # (and the lines that bind those masks' conditions: `visible = offs_n[None, :] < start_n + BLOCK_N` for
    # `p = tl.where(visible, ...)`, the padded keys kept by the tile's end where T belongs)
    bounds += [n for d in named if d.get("line") and not d.get("verified") and d["mistake"] != "raised"
               for m in _masks_above(source, d["line"]) for n in [m] + _mask_bound(source, m) if n not in bounds]
    # a load that reads astray reads by strides the launch may have passed wrong (`q.stride(3)` for the rows'):
    # the launch's lines for the numbers it reads are searched with the entries' own
    # (or any load an entry names: the fill it was told may stand beside a stride passed as 1)
    passed = sorted({n for d in named if d.get("line") and (str(d.get("comparator", "")).startswith("kernel-misread")
                                                            or "tl.load(" in str(d.get("code")))
                     for n in kernel_source.launched(source, d["line"])})
    # (and a load that reads nothing where an element belongs: the lines that bind the names its mask reads,
    # `k_ok = offs_k < K - 1` above `mask=k_ok[:, None] & n_ok[None, :]`)
    bounds += [n for d in named if d.get("line") and "nothing (masked)" in str(d.get("message"))
               for n in _mask_bound(source, d["line"]) if n not in bounds]
    # (where no entry sees into a kernel, its reductions' lines: `tl.max(tile, axis=0)` over a (1, BLOCK) tile makes
    # each lane its own max, which no step reads as a cause, beside a dtype said at the wrapper)
    if _kernel_lines(source).isdisjoint(lines + bounds):
        bounds += [n for n in _reductions(source) if n not in bounds]
    lines = sorted(set(lines) | set(passed))
    at = repair._statements(source, lines + bounds)
    own = repair._statements(source, [d["line"] for d in named if d.get("line")] + passed)
    # the edits at the entries' own lines first, then at the lines their words name, then at a loop's bounds
    singles = _spread(sorted((c for c in listed(source, sorted(at)) if c["line"] in at),
                             key=lambda c: (c["line"] not in own, c["line"] not in passed, c["line"] in bounds)))
    # (and, wherever they are, the edits that read a pointer the kernel never reads: `v = tl.load(k_ptr + off)` with
    # v_ptr unread, ten lines above the accumulator the values first show in)
    held = _held_addresses(source)
    idle = _unread_pointers(source, held)
    unread = [c for c in (listed(source, [], most=10_000) if idle else []) if _reads_unread(c, idle, held) and
              all(c["source"] != b["source"] for b in singles)][:UNREAD]
    singles = unread + singles
    scored = []
    for a in singles[:EDITS_AT]:
        if remote.gone:
            return named
        score = search.ask(a["source"], first)
        if score == (3,) and search.passes(a["source"]):
            # (a dtype, or the cases the file's own check rejects, are causes of their own, kept beside)
            rejected = [d for d in named if d.get("comparator") == "own-check"]
            beside = [d for d in named if d.get("comparator") == "own-check" or d["mistake"] in DTYPES]
            values = [d for d in named if not any(d is b for b in beside)]
            if a["source"] in search.lowered and not any(d["mistake"] in DTYPES for d in named):
                beside = beside + [repair.lowered_beside(source)]  # its values right, its dtype float32
                if len(values) == 1 and values[0].get("verified") and a["line"] not in bounds:
                    return named + beside[-1:]
            if len(values) != 1 or a["line"] not in bounds and values[0].get("verified"):
                return named  # one edit at the named line mends every case: the cause said there is the only one
            # the loop's bound mends it: the cause is said there (the loop's own words kept after the fix's); a line
            # seen only as leaving the steps, or one that feeds it: the fix alone, verified
            fix = mend.entry(a, None, False)
            if rejected:
                fix["message"] = fix["message"].replace("passes every case", "passes every case your check at "
                                                        f"line {rejected[0]['line']} lets through")
            elif beside:
                fix["message"] = fix["message"].replace("passes every case", "gives every case's values (its dtype "
                                                        "is said below)")
            if not values[0].get("verified"):
                return [fix] + beside
            return [{**values[0], "line": fix["line"], "code": fix["code"],
                     "message": f"{fix['message']}; {values[0]['message']}"}] + beside
        if score != (0,):  # not an edit that makes the kernel raise
            scored.append((score, a))
    # those that bring the smallest case nearer first; then the rest, whose copy's values may leave the
    # steps later only (an inverted rescale beside keeps every output wrong, however right the scores)
    # (of those nearer, the ones at a line the localisation verified first: `rk` made `ks` in the load told to read
    # the first K tile at every step, beside an accumulator overwritten, however near a stride swapped comes)
    told = repair._statements(source, [d["line"] for d in named if d.get("line") and d.get("verified")
                                       and d["mistake"] != "raised"])
    scored.sort(key=lambda e: (e[0] > start, e[0] > start and e[1]["line"] in told and STEPPING in e[1]["why"],
                               e[0] if e[0] > start else ()), reverse=True)
    second = repair._unlike(first, [c for c in wrong if c is not first and id(c) not in resource])
    if scored and not scored[0][0] > start and second is not None:
        # the smallest case shows no edit nearer (a (1, 1) product that a K loop one tile short leaves
        # all wrong): the edits ranked again on the failing case least like it
        again = search.ask(source, second)
        rescored = [(search.ask(a["source"], second), a) for _, a in scored[:EDITS_AT] if not remote.gone]
        scored = sorted(rescored, key=lambda e: (e[0] > again, e[0] if e[0] > again else ()), reverse=True)
        start = again
    # the copy nearest of all, where its localisation verifies no line: its one slip left is sought anywhere (a key
    # mask one lane long, whose values the steps read as the learner's lanes); where another copy is as near (exp2's
    # scale and exp for exp2, each 0.9 of the way), after the nearest copies (NEAREST) are searched at the lines
    # their localisations name (the running sum's, behind the scale)
    near = NEAREST if len(scored) > 1 and _as_near(scored[0][0], scored[1][0]) else 0
    anywhere = scored and scored[0][0] > start
    tries = [(a, False) for _, a in scored[:near]] + ([(scored[0][1], True)] if anywhere else []) + \
        [(a, False) for _, a in scored[max(near, 1 if anywhere else 0):RELOCALISED]]
    for a, anywhere in tries:
        found = _beside(a, at, search, cases, grader, req, listed, anywhere=anywhere)
        if found:
            # outputs left unwritten that the edits write (a store through the input's pointer, X for Y, leaves
            # the output unwritten at a launch that is right): the grid gives way to them
            edited = {f.get("line") for f in found}
            kept = [d for d in named if d.get("step") != "grid" or d.get("line") in edited]
            # a grid said at the line an edit mends (`x.stride(1)` in the launch): the fix's words, then the grid's
            fixes = {f.get("line"): f for f in found if f.get("mistake") == "located"}
            kept = [{**d, "message": f"{fixes[d['line']]['message']}; {d['message']}"} if d.get("step") == "grid"
                    and d.get("line") in fixes else d for d in kept]
            return repair._merged(kept, found, list(getattr(grader, "SLIPS", [])), False)
        if remote.gone:
            break
    return named


def _past_the_axis(named: list[dict], told: dict, source: str, entry: str, remote, cases: list, wrong: list,
                   framework: str, grader, req, resource) -> list[dict]:
    """The grid's program id read on another axis, mended as its words say (tl.program_id(k) for the axis the
    grid launches along); where the copy still fails, the copy localised for the cause beside it."""
    from studyxf.grading.judge import repair
    from studyxf.grading.judge.mend import applied
    from studyxf.grading.request import parse_entry

    fix = re.search(r"read tl\.program_id\((\d)\)", str(told.get("message")))
    lines = source.splitlines(keepends=True)
    text = lines[told["line"] - 1]
    call = [m for m in re.finditer(r"program_id\(\s*(?:axis\s*=\s*)?(\d)\s*\)", text)] if fix else []
    if len(call) != 1:
        return named
    start = len(text[:call[0].start(1)].encode())  # the axis's digit, in UTF-8 bytes as the edits' spans are
    span = (told["line"], start, start + 1)
    a = {"line": told["line"], "code": text.strip(), "was": call[0].group(1), "now": fix.group(1), "span": span,
         "source": applied(lines, [(span, fix.group(1))]), "why": "reads the program id on another axis", "rank": 0}
    first = min(wrong, key=repair._smallest_and_least_alike)
    copy = _Copy(remote)
    search = repair.Search(copy, [first] + [c for c in cases if c is not first and id(c) not in resource], first)
    if search.ask(a["source"], first) == (3,) and search.passes(a["source"]) or copy.gone:
        return named  # the axis alone: the cause said is the only one
    listed = _lister(source, framework, repair.kinds(source, parse_entry(entry)[0], first))
    seen: dict = {}
    found = _beside(a, {told["line"]}, search, cases, grader, req, listed, anywhere=True, seen=seen)
    if found:
        return named + ([f for f in found if f.get("line") != told["line"]] or found)
    # no pair mends it (a third slip): what the copy's localisation verifies, each at its line, said as measured
    # on the copy with the axis read right
    said = [{**d, "message": f"{d['message']} (measured with line {told['line']} reading tl.program_id"
                             f"({a['now']}))"} for d in seen.get("found", [])
            if d.get("verified") and d.get("line") and d["line"] != told["line"]]
    return named + said


def _beside(a: dict, at: set, search, cases: list, grader, req, listed, anywhere: bool = False,
            seen: dict | None = None) -> list[dict] | None:
    """Edit `a`'s copy localised on the case it still fails: each edit at the line that names
    (not one of `at`, the first localisation's), made with `a`, until a pair mends every case;
    `listed(text, lines)`: the edits of a text, those at `lines` first; `anywhere`: where no line
    is verified there, edits on any line (ANYWHERE of them)."""
    from studyxf.grading.judge import kernel_localise, mend, repair
    from studyxf.grading.judge.evidence import Mismatch

    copy = a["source"]
    case = search.failed.get(copy) or search.first  # it passed the smallest case: the one it failed next
    _, got = search.answer(copy, case)
    if got is None or not any(c is case for c in cases):
        return None
    failing = [Mismatch(got, case.ref(), case.dtype, case, next(i for i, c in enumerate(cases) if c is case))]
    remote = _Copy(search.remote, copy)
    found = kernel_localise.diagnose(grader, failing, remote, req, values=False, source=copy) or \
        kernel_localise.diagnose(grader, failing, remote, req, values=True, source=copy)
    if seen is not None:
        seen["found"] = found  # the copy's own localisation, for a caller that says it where no pair mends
    verified = [d["line"] for d in found if d.get("verified") and d.get("line") and d["line"] not in at]
    slips = list(getattr(grader, "SLIPS", []))
    known = None if verified or not slips or search.remote.gone else search.known_slip(copy, slips)
    if known:  # the copy's cases fit a catalogued slip (the running sum not rescaled, behind a grid one tile short)
        from studyxf.grading.judge import slip_code
        from studyxf.grading.judge.families import measured, public

        said = slip_code.placed([{"mistake": public(known), "verified": True, "message": f"(measured: with the change "
                                  f"at line {a['line']}{'; ' + measured(known) if ':' in known else ''})"}], copy)
        return [mend.entry(a, None, False, known=known), *said]
    # each verified line, and the lines that assign what it reads (a key loop's bound `hi`, set two lines up), and for
    # a loop the first lines of its body (a K mask one short, `k_ok = offs_k < K - 1`, that its loads read by)
    # (a line that feeds it may be one searched alone before: `e = tl.where(inside, ..., 1.0)` feeding the sum, which
    # the max's edit had to come first to show; not the edited line itself)
    tries = [_spread([c for c in listed(copy, [line]) if c["line"] in repair._statements(copy, [line])])[:SECOND]
             for line in dict.fromkeys(verified + [n for v in verified for n in _feeding(copy, v) if n != a["line"]]
                                       + [n for v in verified if _loop(copy, v) for n in _offsets(copy, v)])]
    if not verified and any(d.get("verified") and d.get("line") in at for d in found):
        # a cause named before is still there on the copy (the grid, beside a K loop one tile short): the
        # edits at the other lines named first, each with `a`
        mine = repair._statements(copy, [a["line"]])
        tries = [_spread([c for c in listed(copy, sorted(at)) if c["line"] in at and c["line"] not in mine])[:SECOND]]
    elif not verified and anywhere:
        # (the lines searched alone before too, but for the edited one: an edit there may need `a` to show, a sum
        # of the logits behind a grid one row short, whose unwritten row left every single edit as far)
        # (and, first, the masks above those lines and the lines that bind their conditions, as for the file's own)
        seen = [d["line"] for d in found if d.get("line")]
        seen = list(dict.fromkeys(seen + [n for line in seen for m in _masks_above(copy, line)
                                          for n in [m] + _mask_bound(copy, m)]))
        mine = repair._statements(copy, [a["line"]])
        tries = [_spread([c for c in listed(copy, seen, most=10_000) if c["line"] not in mine])[:ANYWHERE]]
    for b in (b for some in tries for b in some):
        if search.remote.gone:
            return None
        if search.ask(b["source"], search.first) == (3,) and search.passes(b["source"]):
            one, other = sorted((a, b), key=lambda e: e["line"])
            return [mend.entry(one, None, False, both=other), mend.entry(other, None, False, both=one)]
    return None


def _loop(source: str, line: int) -> bool:
    """Whether a for loop begins on `line`."""
    import ast

    try:
        return any(isinstance(s, ast.For) and s.lineno == line for s in ast.walk(ast.parse(source)))
    except SyntaxError:
        return False


def _beside_the_told(named: list[dict], source: str, entry: str, remote, cases: list, wrong: list, framework: str,
                     grader, resource) -> list[dict]:
    """A told grid's entry (a store's mask one lane short) and a slip the code shows (`num = tl.exp(x)` with
    `row_max` made above and never read): the pair of an edit at the told line and the shown slip's edit that mends
    every case, each cause at its line; else the entries as they were."""
    from studyxf.grading.judge import edits, mend, repair
    from studyxf.grading.request import parse_entry

    if remote.gone or any(getattr(c, "driver", None) is not None or c.validate is not None for c in cases):
        return named
    held = _held_addresses(source)
    idle = _unread_pointers(source, held)
    shown = [c for c in edits.candidates(source, framework, [], None, most=10_000)
             if c["why"].startswith("never subtracts") or _reads_unread(c, idle, held)][:UNREAD]
    told = {d["line"] for d in named if d.get("comparator") in TOLD_APART}
    if not shown:
        return named
    first = min(wrong, key=repair._smallest_and_least_alike)
    copy = _Copy(remote)
    search = repair.Search(copy, [first] + [c for c in cases if c is not first and id(c) not in resource], first)
    kinds = repair.kinds(source, parse_entry(entry)[0], first)
    at = [c for c in edits.candidates(source, framework, sorted(told), kinds) if c["line"] in told][:TOLD_EDITS]
    lines = source.splitlines(keepends=True)
    for b in shown:
        for a in at:
            if copy.gone:
                return named
            if a["line"] == b["line"]:
                continue
            both = mend.applied(lines, [(a["span"], a["now"]), (b["span"], b["now"])])
            if search.ask(both, first) == (3,) and search.passes(both):
                fix = mend.entry(b, None, False, both=a)
                return named + [fix]
    return named


def _kernel_lines(source: str) -> set[int]:
    """The lines of the file's @triton.jit functions."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {n for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and
            any("jit" in ast.unparse(d) for d in f.decorator_list) for n in range(f.lineno, (f.end_lineno or 0) + 1)}


def _reductions(source: str) -> list[int]:
    """The lines of the kernels' reductions along an axis (`tl.max(x, axis=0)`, `tl.sum(e, 1)`)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    inside = _kernel_lines(source)
    return sorted({n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno in inside and
                   isinstance(n.func, ast.Attribute) and n.func.attr in ("max", "min", "sum", "argmax") and
                   (len(n.args) > 1 or any(k.arg == "axis" for k in n.keywords))})


def _reads_unread(edit: dict, idle: set[str], held: set[str]) -> bool:
    """Whether an edit reads one of the kernel's unread pointers where another pointer was (`k_ptr` made `v_ptr`,
    `k_base` made `v_base`: `held`, the names addresses are held in)."""
    return edit["now"] in idle and (edit["was"].endswith("_ptr") or edit["was"] in held)


def _held_addresses(source: str) -> set[str]:
    """The names a kernel holds an address in: assigned a sum that reads a pointer (`v_base = v_ptr + bh * s`)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    pointers = _pointers(source)
    sums = [a for a in ast.walk(tree) if isinstance(a, ast.Assign) and isinstance(a.value, ast.BinOp)
            and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)]

    def form(a):  # the sum with its names left out: `v_ptr + bh * stride_bh` is `k_ptr + bh * stride_bh`'s
        return re.sub(r"id='\w+'", "", ast.dump(a.value))
    reading = [a for a in sums if any(isinstance(n, ast.Name) and n.id in pointers for n in ast.walk(a.value))]
    forms = {form(a) for a in reading}
    # (and a sum made as one that holds an address is made: v_base, from a v_ptr no load reads)
    return {a.targets[0].id for a in sums if a in reading or form(a) in forms}


def _unread_pointers(source: str, held: set[str]) -> set[str]:
    """The kernels' pointer parameters (`v_ptr`) their bodies never read, and the names an address is held in
    (`held`, _held_addresses) that nothing reads (`v_base = v_ptr + bh * stride_bh` above two loads from `k_base`)."""
    from studyxf.grading.judge import repair

    return {p for p in repair._unread_locals(source, parameters=True) if p.endswith("_ptr")} | \
        (held & repair._unread_locals(source))


def _as_near(x: tuple, y: tuple) -> bool:
    """Whether a copy's score `y` is as near as the nearest's `x` (repair.Search.ask's: the same share of the
    outputs right, and a largest error within ten times the other's, both small: two copies nearly right, not two
    grids that each write every row of garbage)."""
    return len(x) == len(y) == 3 and x[:2] == y[:2] and -1.0 < x[2] and y[2] >= 10 * x[2] - 1e-12


def _mask_bound(source: str, line: int) -> list[int]:
    """The lines above `line` that bind the names its call's `mask=` (or a tl.where's condition) reads, nearest
    first."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    masks = [k.value for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno <= line <= n.end_lineno
             for k in n.keywords if k.arg == "mask"] + \
        [n.args[0] for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno <= line <= n.end_lineno
         and isinstance(n.func, ast.Attribute) and n.func.attr == "where" and n.args]
    read = {x.id for m in masks for x in ast.walk(m) if isinstance(x, ast.Name)}
    bound = {a.lineno for a in ast.walk(tree) if isinstance(a, ast.Assign) and a.lineno < line
             and any(isinstance(t, ast.Name) and t.id in read for t in a.targets)}
    return sorted(bound, key=lambda n: line - n)


def _masks_above(source: str, line: int, hops: int = 3) -> list[int]:
    """The lines that feed `line` within `hops` assignments (_feeding, in turn) and set lanes with tl.where."""
    lines, todo = set(), [line]
    for _ in range(hops):
        todo = [n for t in todo for n in _feeding(source, t) if n not in lines and n != line]
        lines |= set(todo)
    code = source.splitlines()
    return sorted((n for n in lines if re.search(r"\bwhere\(", code[n - 1])), key=lambda n: abs(n - line))


def _offsets(source: str, line: int) -> list[int]:
    """The first assignments in the body of the loop that begins on `line` (`kk = kb * BLOCK_K +
    tl.arange(1, BLOCK_K + 1)`: the offsets its loads read by)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    loop = next((s for s in ast.walk(tree) if isinstance(s, ast.For) and s.lineno == line), None)
    return [s.lineno for s in loop.body if isinstance(s, ast.Assign)][:2] if loop else []


def _helpers(source: str, line: int) -> list[int]:
    """The body lines of the file's own functions called on `line` (a load whose pointers a @triton.jit
    helper makes: `tl.load(_row_block(x_ptr, row, ...))`)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    from studyxf.grading.judge.kernel_source import helper_lines

    return helper_lines(tree, [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                               and n.lineno <= line <= n.end_lineno])


def _spread(singles: list[dict], each: int = 3) -> list[dict]:
    """The edits in their order, but of those most often a slip (rank 0: one name for another, which
    a kernel's dozen parameters multiply by twelve on every line), `each` per line before the rest:
    the other kinds of every line come within reach (a key mask `<= T` for `< T`)."""
    from collections import Counter
    from difflib import SequenceMatcher

    # of a line's names swapped, the nearest spelt first (num_m for num_n, BLOCK_M for BLOCK_N)
    alike = {id(c): SequenceMatcher(None, c["was"], c["now"]).ratio() for c in singles if c["rank"] == 0}
    order = sorted(range(len(singles)), key=lambda i: (singles[i]["rank"] != 0, singles[i]["line"],
                                                        -alike.get(id(singles[i]), 0.0), i))
    per, near = Counter(), set()
    for i in order:
        c = singles[i]
        if c["rank"] == 0 and per[c["line"]] < each:
            per[c["line"]] += 1
            near.add(id(c))
    return [c for c in singles if c["rank"] != 0 or id(c) in near] + \
        [c for c in singles if c["rank"] == 0 and id(c) not in near]


def _program_lines(source: str) -> set[int]:
    """The lines that read tl.program_id, and those that compute from what they assign (the tile's
    row and column indices from one program id), two steps on."""
    import ast

    from studyxf.grading.judge.edits.lister import callee

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    assigns = [n for n in ast.walk(tree) if isinstance(n, ast.Assign)]

    def reads(n, names):
        return any(isinstance(x, ast.Name) and x.id in names for x in ast.walk(n.value))

    made = [n for n in assigns
            if any(isinstance(x, ast.Attribute) and x.attr == "program_id" for x in ast.walk(n.value))]
    lines, names = set(), set()
    for _ in range(3):
        lines |= {n.lineno for n in made}
        names |= {t.id for n in made for tg in n.targets for t in ast.walk(tg) if isinstance(t, ast.Name)}
        made = [n for n in assigns if n.lineno not in lines and reads(n, names)]
    # (and what splits the program id: `n_tiles_n = tl.cdiv(M, BLOCK_M)` above `pid_m = pid // n_tiles_n`)
    split = {x.id for n in assigns if n.lineno in lines for x in ast.walk(n.value) if isinstance(x, ast.Name)}
    lines |= {n.lineno for n in assigns if n.lineno not in lines and any(
        isinstance(t, ast.Name) and t.id in split - names for tg in n.targets for t in ast.walk(tg))
        and any(isinstance(c, ast.Call) and callee(c.func) == "cdiv" for c in ast.walk(n.value))}
    return lines


def _pointers(source: str) -> set[str]:
    """The kernels' pointer parameters: the names added up, outside any product, in the address a
    tl.load or tl.store is given, or in what such an address was assigned from (Q in
    `q_ptrs = Q + offs * stride`)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()

    def summed(node) -> set[str]:  # the names an address adds up: Q + offs_m * s -> {Q}
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return summed(node.left) | summed(node.right)
        return {node.id} if isinstance(node, ast.Name) else set()

    params = {a.arg for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and any(
        "jit" in ast.unparse(d) for d in fn.decorator_list) for a in fn.args.args}
    found = {n for c in ast.walk(tree) if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
             and c.func.attr in ("load", "store") and c.args for n in summed(c.args[0])}
    for _ in range(2):  # an address held in a name: what that name was made from
        found |= {n for a in ast.walk(tree) if isinstance(a, ast.Assign)  # not `ptrs += BLOCK_N`: a step
                  for t in a.targets if isinstance(t, ast.Name) and t.id in found for n in summed(a.value)}
    return found & params


def _no_pointer_for_a_value(singles: list[dict], pointers: set[str]) -> list[dict]:
    """The edits, but none that reads a pointer where a number was (`hi = Q` for `hi = sq_t`: a loop
    as long as an address, stopped at the time limit, EDIT_S a copy)."""
    return [c for c in singles if not (c["now"] in pointers and c["was"] not in pointers)]


def _lister(source: str, framework: str, kinds: dict):
    """`listed(text, first_lines, most)`: the edits of `text` (the file, or a copy), none that reads a pointer where
    a number was (taken out before the `most` are counted: a size swapped for each pointer had crowded out the
    rescale's edit), none that resizes a looped tile at its launch."""
    from studyxf.grading.judge import edits

    pointers, stepped = _pointers(source), _stepped_tiles(source)

    def listed(text: str, first_lines: list[int], most: int = edits.MAX_EDITS) -> list[dict]:
        return _no_pointer_for_a_value(_no_tile_resized(edits.candidates(text, framework, first_lines, kinds,
                                                                         most=10_000), stepped), pointers)[:most]
    return listed


def _stepped_tiles(source: str) -> set[tuple[int, int]]:
    """The spans (line, column) of the launch keywords that give a kernel's loop its tile size (CHUNK=CHUNK for
    `offs = tl.arange(0, CHUNK)` and `cols = c * CHUNK + offs` in a `for`): a loop over tiles is right whatever
    their size."""
    import ast

    from studyxf.grading.judge.edits.kernels import _launches

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out = set()
    for call, _grid, kernel in _launches(tree):
        if kernel is None:
            continue
        looped = {n.id for f in ast.walk(kernel) if isinstance(f, ast.For)
                  for n in ast.walk(f) if isinstance(n, ast.Name)}
        # (a tile's size, tl.arange(0, CHUNK), not a count of tiles, `range(K_TILES)`, which a floor may cut short)
        sizes = {n.args[1].id for n in ast.walk(kernel) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                 and n.func.attr == "arange" and len(n.args) == 2 and isinstance(n.args[1], ast.Name)}
        # (and only a size the launch also divides the extent by, N_CHUNKS=BLOCK // CHUNK: CHUNK made BLOCK is one
        # chunk; BLOCK_M=block_n where block_m belongs is a size passed wrong, not a loop run once)
        counted = {n.id for k in call.keywords for d in ast.walk(k.value) if isinstance(d, ast.BinOp)
                   and isinstance(d.op, ast.FloorDiv) for n in ast.walk(d.right) if isinstance(n, ast.Name)}
        out |= {(k.value.lineno, k.value.col_offset) for k in call.keywords if k.arg in sizes & looped
                and isinstance(k.value, ast.Name) and k.value.id in counted}
    return out


def _no_tile_resized(singles: list[dict], stepped: set[tuple[int, int]]) -> list[dict]:
    """The edits, but none that resizes a looped tile at its launch (CHUNK=BLOCK makes a chunked online softmax one
    pass, and so right however its running sum is kept: it sidesteps the slip, it does not name it)."""
    return [c for c in singles if (c["span"][0], c["span"][1]) not in stepped]
