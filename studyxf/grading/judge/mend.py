"""One-edit mending of an algorithmic drill's file, read off the walk of its smallest failing input
(shrink.py) and verified as a teacher checks a suspicion: the learner's file, run again in the
sandbox (op "patched") with that one edit, passes every case that failed on its answer and every
case that passed. The edits are the slips such loops have: a condition that reads a valid 0 as "not
found" (`if j:` on an index), a start that may move backwards (left = last[ch] + 1 where max(left,
...) belongs), a comparison one too strict or too loose (>= for >), one loop variable for the other
(the value x for its index i) or one index for another (s[r] for s[l]), a difference's sides
swapped, a lookup or a difference one off (last[ch] for last[ch] + 1), a test the wrong way round
(`is not None` for `is None`), a name the loop made stored as the key or returned where the loop's
index belongs, an `if` that moves a window's start once where `while` belongs. Generic over the
validated drills; no catalogue entry. Runs in the judge."""

from __future__ import annotations

import ast
import re
import types

MAX_EDITS = 32  # candidate edits tried on the smallest failing input (each one call of the learner's code)
BESIDE = 6  # of those, the first ones tried on every case for a double slip whose other slip the validator knows
PAIRED = 32  # of those, the first ones tried two at a time (496 pairs) where no single edit mends the file
SWAPPED = {ast.GtE: ">", ast.Gt: ">=", ast.LtE: "<", ast.Lt: "<="}
FLIPPED = {ast.GtE: "<=", ast.Gt: "<", ast.LtE: ">=", ast.Lt: ">"}
NEGATED = {ast.Is: "is not", ast.IsNot: "is", ast.Eq: "!=", ast.NotEq: "==", ast.In: "not in", ast.NotIn: "in"}


def candidates(source: str, steps: list[dict]) -> list[dict]:
    """The edits worth trying, the walk's evidence first: {"line", "code", "was", "now", "why",
    "span", "source"}, `span` (line, start, end) in UTF-8 bytes, `source` the whole file edited."""
    try:
        tree = Unannotated().visit(ast.parse(source))
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    run = {s["line"] for s in steps}
    now = {}  # the names each line saw at 0
    for s in steps:
        for k, v in s.get("now", {}).items():
            if v == "0":
                now.setdefault(s["line"], set()).add(k)
    likely, strict, off, swapped, late = [], [], [], [], []  # tried in this order
    defined = {f.name for f in tree.body if isinstance(f, ast.FunctionDef)}  # the file's own helpers
    before: dict = {}  # each name's first assignment
    for n in ast.walk(tree):
        for t in n.targets if isinstance(n, ast.Assign) else ():  # (unpacked too: `l, best, seen = 0, 0, {}`)
            for e in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(e, ast.Name):
                    before[e.id] = min(before.get(e.id, n.lineno), n.lineno)
    counters = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
                and type(n.value.value) is int for t in n.targets if isinstance(t, ast.Name)} | \
        {n.target.id for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)
         and isinstance(n.iter, ast.Call) and getattr(n.iter.func, "id", "") == "range"}  # l = 0, for r in range(n)
    got = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
           and (isinstance(n.value.func, ast.Attribute) and n.value.func.attr == "get" or
                isinstance(n.value.func, ast.Name) and n.value.func.id not in ("len", "range", "sorted", "enumerate"))
           for t in n.targets if isinstance(t, ast.Name)}  # names bound to a lookup's result (seen.get(x), find(x))
    # an index order (order = sorted(range(len(nums)), key=...)): positions in it are not indices
    orders = [t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
              and getattr(n.value.func, "id", "") == "sorted" and n.value.args and isinstance(n.value.args[0], ast.Call)
              and getattr(n.value.args[0].func, "id", "") == "range" for t in n.targets if isinstance(t, ast.Name)]
    # a sorted table of (value, index) pairs (pairs.sort(), pairs = sorted(zip(nums, range(n)))): positions in it
    # are not indices either, the index is one of each pair's two entries
    tables = {n.func.value.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
              and n.func.attr == "sort" and isinstance(n.func.value, ast.Name)} | \
        {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
         and getattr(n.value.func, "id", "") == "sorted" and n.value.args and not (
             isinstance(n.value.args[0], ast.Call) and getattr(n.value.args[0].func, "id", "") == "range")
         for t in n.targets if isinstance(t, ast.Name)}
    # the strings a window slides over: parameters of the functions (s, or a helper's own s)
    strings = sorted({a.arg for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) for a in f.args.args
                      if a.arg not in ("self", "cls") and re.fullmatch(r"s|string|text|word", a.arg)})
    # the indices an enumerate gives (`for i, v in enumerate(nums)`, a comprehension's too)
    indices = {n.target.elts[0].id for n in ast.walk(tree) if isinstance(n, (ast.For, ast.comprehension))
               and isinstance(n.target, ast.Tuple) and n.target.elts and isinstance(n.target.elts[0], ast.Name)
               and isinstance(n.iter, ast.Call) and getattr(n.iter.func, "id", "") == "enumerate"}
    # x = nums[i]: a value read at an index, which a returned pair may give where the index belongs
    elements = {t.id: n.value.slice.id for n in ast.walk(tree) if isinstance(n, ast.Assign)
                and isinstance(n.value, ast.Subscript) and isinstance(n.value.slice, ast.Name)
                for t in n.targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and isinstance(node.value, (ast.List, ast.Tuple)):
            for e in node.value.elts:
                if isinstance(e, ast.Name) and e.id in elements:
                    swapped.append((e, elements[e.id], f"returns the value {e.id} where its index "
                                                       f"{elements[e.id]} belongs"))
        if not orders and len(tables) == 1 and isinstance(node, ast.Return) and \
                isinstance(node.value, (ast.List, ast.Tuple)) and len(node.value.elts) == 2 and \
                all(isinstance(e, ast.Name) for e in node.value.elts):
            (table,), (a, b) = tables, (e.id for e in node.value.elts)
            for k in (1, 0):  # (value, index) pairs, or (index, value)
                likely.append((node.value, f"[{table}[{a}][{k}], {table}[{b}][{k}]]",
                               f"returns positions in {table}, sorted, where the indices its pairs hold belong"))
        if len(orders) == 1 and isinstance(node, ast.Return) and isinstance(node.value, (ast.List, ast.Tuple)) \
                and len(node.value.elts) == 2 and all(isinstance(e, ast.Name) for e in node.value.elts):
            a, b = (e.id for e in node.value.elts)  # return [lo, hi] over sorted positions
            likely.append((node.value, f"[{orders[0]}[{a}], {orders[0]}[{b}]]",
                           f"returns positions in {orders[0]}, the sorted order, where the indices they hold belong"))
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.slice, ast.Name) \
                and node.slice.id in counters:  # s[r] where s[l] belongs: one index for the other
            for other in sorted(counters - {node.slice.id}):
                swapped.append((node.slice, other, f"reads {node.slice.id} where {other} belongs"))
        # for i, x in enumerate(nums), or a comprehension's (`([seen[t - v], i] for i, v in enumerate(nums) if ...)`):
        # each read of one of the pair where the other belongs
        pair = (node.target, node.body) if isinstance(node, ast.For) else \
            (node.generators[0].target, [node.elt, *node.generators[0].ifs]) \
            if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp)) and len(node.generators) == 1 else None
        if pair and isinstance(pair[0], ast.Tuple) and len(pair[0].elts) == 2 and \
                all(isinstance(e, ast.Name) for e in pair[0].elts):
            a, b = (e.id for e in pair[0].elts)
            for read in (n for part in pair[1] for n in ast.walk(part)):
                if isinstance(read, ast.Name) and isinstance(read.ctx, ast.Load) and read.id in (a, b):
                    other = b if read.id == a else a
                    swapped.append((read, other, f"reads {read.id} where {other} belongs"))
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                before.get(node.targets[0].id, node.lineno) < node.lineno == node.end_lineno and \
                not (isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                     and node.value.func.id in ("max", "min")):
            name = node.targets[0].id  # a window's start set anew on a repeat: it may move backwards
            if name not in {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)} and \
                    re.search(r"best|longest|max|ans|res", name, re.I):  # a running best, overwritten
                likely.append((node.value, f"max({name}, {{}})", f"overwrites {name} with this window's length "
                                                                 f"where the larger of the two belongs"))
            elif name not in {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}:
                likely.append((node.value, f"max({name}, {{}})", f"can move {name} backwards (to a place before "
                                                                 f"where it is): keep the larger, max({name}, ...)"))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and node.lineno == node.end_lineno and \
                all(isinstance(side, (ast.Name, ast.Subscript, ast.Attribute)) for side in (node.left, node.right)):
            swapped.append((node, "{right} - {left}", "has its two sides swapped"))
        if isinstance(node, (ast.If, ast.While, ast.IfExp)) and node.test.lineno in run:
            test = node.test
            operands = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
            for operand in operands:
                if isinstance(operand, ast.Name) and operand.id in now.get(operand.lineno, ()):
                    likely.append((operand, f"{operand.id} is not None",
                                   f"reads {operand.id} = 0 as \"nothing found\" (0 is falsy), but 0 is a valid "
                                   f"value of {operand.id} here"))
                elif isinstance(operand, ast.Name) and operand.id in got:  # i = seen.get(x); if i: ...
                    # the walk did not see it 0 (another slip beside kept every lookup empty): tried later
                    swapped.append((operand, f"{operand.id} is not None",
                                    f"tests {operand.id}, a lookup's result, for truth: a found 0 (the first index) "
                                    f"reads as \"nothing found\""))
                elif isinstance(operand, ast.NamedExpr) and isinstance(operand.value, ast.Call) and \
                        isinstance(operand.value.func, ast.Attribute) and operand.value.func.attr == "get" and \
                        len(operand.value.args) == 1:  # if (j := seen.get(x)):
                    likely.append((operand, "({}) is not None",
                                   f"tests {operand.target.id}, a lookup's result, for truth: a found 0 (the first "
                                   f"index) reads as \"nothing found\""))
                elif isinstance(operand, ast.Call) and isinstance(operand.func, ast.Attribute) \
                        and operand.func.attr == "get" and len(operand.args) == 1:
                    likely.append((operand, "{} is not None",
                                   "reads a stored 0 as \"nothing found\" (0 is falsy), but 0 is a valid value here"))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "enumerate" and node.args and \
                isinstance(node.args[0], ast.Call) and getattr(node.args[0].func, "id", "") == "sorted" and \
                len(node.args[0].args) == 1 and not node.args[0].keywords:  # positions in a sorted copy
            likely.append((node.args[0], ast.unparse(node.args[0].args[0]),
                           f"counts positions in a sorted copy where the indices into "
                           f"{ast.unparse(node.args[0].args[0])} belong"))
        for tests, index in _pair_tests(node):  # (j := seen.get(target - x)) is not None: j may be i itself
            for test in tests:
                found = [n.target.id for n in ast.walk(test) if isinstance(n, ast.NamedExpr)] or \
                    [n.id for n in ast.walk(test) if isinstance(n, ast.Name) and n.id in got]  # j = seen.get(...)
                if len(found) == 1 and test.lineno == test.end_lineno:
                    likely.append((test, f"{{}} and {found[0]} != {index}",
                                   f"lets {found[0]} be {index} itself: an element paired with itself"))
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1 and \
                isinstance(node.test.ops[0], ast.In) and node.test.lineno == node.test.end_lineno:
            # if ch in last: start = last[ch] + 1 -- a repeat seen before the window, moving its start back
            key, table = ast.unparse(node.test.left), ast.unparse(node.test.comparators[0])
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                        and stmt.targets[0].id in counters and f"{table}[{key}]" in ast.unparse(stmt.value):
                    swapped.append((node.test, f"{{}} and {table}[{key}] >= {stmt.targets[0].id}",  # after max()'s
                                   f"takes any earlier {key}, even one before the window, which moves "
                                   f"{stmt.targets[0].id} back"))
        if isinstance(node, ast.While) and isinstance(node.test, ast.Compare) and \
                isinstance(node.test.ops[0], ast.In) and isinstance(node.test.left, ast.Name):
            # while c in seen: seen.remove(c); left += 1 -- the repeat removed where the left end's character belongs
            c = node.test.left.id
            moved = [ast.unparse(n.target) for b in node.body for n in ast.walk(b) if isinstance(n, ast.AugAssign)]
            for call in (n for b in node.body for n in ast.walk(b) if isinstance(n, ast.Call)):
                if isinstance(call.func, ast.Attribute) and call.func.attr in ("remove", "discard") and \
                        len(call.args) == 1 and isinstance(call.args[0], ast.Name) and call.args[0].id == c:
                    for text in (t for t in strings if t != c):
                        for left in moved[:1]:
                            likely.append((call.args[0], f"{text}[{left}]", f"removes {c}, the repeat, where "
                                           f"the window's left end {text}[{left}] belongs"))
        if isinstance(node, ast.If) and not node.orelse and (isinstance(node.test, ast.Compare) and
                                                             isinstance(node.test.ops[0], ast.In) and any(
                    isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                    and n.func.attr in ("remove", "discard", "pop") for b in node.body for n in ast.walk(b)) or any(
                isinstance(b, ast.AugAssign) and isinstance(b.target, ast.Name) and b.target.id in counters
                for b in node.body)):  # (or moves the window's start: `if counts[c] > 1: ...; lo += 1`)
            # if s[j] in window: window.remove(...) shrinks the window once where a repeat needs a loop
            keyword = types.SimpleNamespace(lineno=node.lineno, end_lineno=node.lineno, col_offset=node.col_offset,
                                            end_col_offset=node.col_offset + 2)
            likely.append((keyword, "while", "shrinks the window once (`if`) where it must shrink until the "
                                             "repeat has left it (`while`)"))
        if isinstance(node, ast.For) and isinstance(node.target, ast.Tuple) and len(node.target.elts) == 2 and \
                isinstance(node.iter, ast.Call) and getattr(node.iter.func, "id", "") == "enumerate":
            # return [complement, value] where a table maps values to indices (seen[value] = idx): the indices
            i, x = (e.id if isinstance(e, ast.Name) else None for e in node.target.elts)
            tables = {t.value.id for n in ast.walk(node) if isinstance(n, ast.Assign) for t in n.targets
                      if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and
                      isinstance(n.value, ast.Name) and n.value.id == i}
            for ret in (n for n in ast.walk(node) if isinstance(n, ast.Return) and len(tables) == 1 and
                        isinstance(n.value, (ast.List, ast.Tuple)) and len(n.value.elts) == 2 and
                        all(isinstance(e, ast.Name) for e in n.value.elts)):
                table, (a, b) = next(iter(tables)), (e.id for e in ret.value.elts)
                new = [i if e == x else f"{table}[{e}]" for e in (a, b)]
                likely.append((ret.value, f"[{new[0]}, {new[1]}]", "returns the values where their indices "
                                                                   "belong"))
            made = {t.id for n in ast.walk(node) if isinstance(n, ast.Assign) for t in n.targets
                    if isinstance(t, ast.Name)}  # complement = target - x: a name the loop makes
            for n in ast.walk(node) if i and x else ():
                # a returned pair's name where the loop's index belongs (`return [seen[p], p]` for `[seen[p], i]`)
                if isinstance(n, ast.Return) and isinstance(n.value, (ast.List, ast.Tuple)) and len(n.value.elts) == 2:
                    swapped += [(e, i, f"returns {e.id} where the index {i} belongs") for e in n.value.elts
                                if isinstance(e, ast.Name) and e.id not in (i, x)]
                # a name the loop made stored as the key where its value belongs (`seen[complement] = i`)
                keys = [t.slice for t in n.targets if isinstance(t, ast.Subscript)] if isinstance(n, ast.Assign) \
                    else [k for d in ast.walk(n) if isinstance(d, ast.Dict) for k in d.keys] \
                    if isinstance(n, ast.Expr) else []
                swapped += [(k, x, f"stores {k.id} as the key where the value {x} belongs") for k in keys
                            if isinstance(k, ast.Name) and k.id in made]
                # a counter stored where the loop's index belongs (`last[c] = left` for `last[c] = i`)
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) and n.value.id in counters and \
                        n.value.id != i and any(isinstance(t, ast.Subscript) for t in n.targets):
                    swapped.append((n.value, i, f"stores {n.value.id} where the index {i} belongs"))
        if isinstance(node, (ast.If, ast.While)) and node.test.lineno == node.test.end_lineno:
            test = node.test  # a test the wrong way round (`if err is not None: return`, where `is None` belongs)
            if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in NEGATED:
                swapped.append((test, f"{ast.unparse(test.left)} {NEGATED[type(test.ops[0])]} "
                                      f"{ast.unparse(test.comparators[0])}", "tests the condition the wrong way round"))
            elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                swapped.append((test, ast.unparse(test.operand), "tests the condition the wrong way round"))
        if not hasattr(node, "lineno") or node.lineno != node.end_lineno:
            continue
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "enumerate" and len(node.args) == 2:
            likely.append((node, f"enumerate({ast.unparse(node.args[0])})",  # enumerate(nums, 1): 1-based
                           f"counts from {ast.unparse(node.args[1])} where indices start at 0"))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "setdefault" and \
                len(node.value.args) == 2:  # seen.setdefault(c, i): the first position kept, not the latest
            d, (k, v) = node.value.func.value, node.value.args
            likely.append((node.value, f"{ast.unparse(d)}[{ast.unparse(k)}] = {ast.unparse(v)}",
                           "keeps the first value stored where the latest belongs"))
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.comparators[0], ast.Constant) \
                and isinstance(node.left, ast.Call) and isinstance(node.left.func, ast.Attribute) and \
                node.left.func.attr == "get":  # last.get(c, -1) >= 0: any earlier c, even one before the window
            for c in sorted(counters - indices):
                swapped.append((node.comparators[0], c, f"compares with {ast.unparse(node.comparators[0])} where the "
                                                        f"window's start {c} belongs"))
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in SWAPPED:
            strict.append((node, None, "the comparison is one too strict or too loose"))
            # s > target where s < target belongs: the pointer a too-large sum moves is the other one
            strict.append((node, FLIPPED[type(node.ops[0])], "the comparison is the wrong way round"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and \
                len(node.args) == 2 and isinstance(node.args[1], ast.Constant) and type(node.args[1].value) is int:
            off += [(node.args[1], "-1", "is one off (the default of a key not seen)"),
                    (node.args[1], "+1", "is one off (the default of a key not seen)")]
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) or \
                isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
            off += [(node, "+1", "is one off"), (node, "-1", "is one off")]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and \
                len(node.args) == 2:  # max(start, prev.get(ch, -1)): the position after the repeat's (after the rest:
            late += [(node, "+1", "is one off (the position after the one stored)")]  # `start = p` is likelier)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) \
                and node.right.value == 1 and isinstance(node.left, ast.Name) and node.left.id in counters | indices:
            off.append((node, ast.unparse(node.left), "counts from 1 where positions start at 0"))  # {v: i + 1}
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and any(
                isinstance(t, ast.Name) and t.id in counters for t in node.targets):  # start = prev: past it
            off += [(node.value, "+1", "is one off"), (node.value, "-1", "is one off")]
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in counters and any(
                isinstance(t, ast.Subscript) for t in node.targets):  # next_start[ch] = end: where end + 1 belongs
            late += [(node.value, "+1", "is one off"), (node.value, "-1", "is one off")]  # after the reads' own
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and type(node.value.value) is int \
                and abs(node.value.value) <= 2:  # a running best or count started one off (best = 1 for 0)
            off += [(node.value, "+1", "starts one off"), (node.value, "-1", "starts one off")]
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):  # lo, hi = 1, len(nums) - 1
            off += [(v, d, "starts one off") for v in node.value.elts if isinstance(v, ast.Constant)
                    and type(v.value) is int and abs(v.value) <= 2 for d in ("+1", "-1")]
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice) and node.slice.lower is None and \
                node.slice.step is None and isinstance(node.slice.upper, ast.UnaryOp) and \
                ast.unparse(node.slice.upper) == "-1":  # nums[:-1]: the last element never seen
            off.append((node, ast.unparse(node.value), "leaves the last element out"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and \
                len(node.args) == 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value == 0:
            # seen.get(x, 0): a key never stored reads as found at index 0
            swapped.append((node.args[1], "None", "gives the lookup a default of 0, a valid index: a value never "
                                                  "stored reads as found at index 0"))
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.slice, ast.BinOp) \
                and isinstance(node.slice.op, ast.Sub) and isinstance(node.slice.right, ast.Name):
            # seen[target - x] = i where seen[x] = i belongs: the complement stored under, where the value is
            likely.append((node.slice, node.slice.right.id, f"stores under {ast.unparse(node.slice)} where "
                                                            f"{node.slice.right.id} belongs"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in defined and \
                len(node.args) >= 2 and not node.keywords:
            # _remember(seen, i, value) for _remember(seen, value, i): two of a helper's arguments exchanged
            texts = [ast.unparse(a) for a in node.args]
            for k in range(len(texts) - 1):
                if texts[k] != texts[k + 1]:
                    turned = texts[:k] + [texts[k + 1], texts[k]] + texts[k + 2:]
                    swapped.append((node, f"{node.func.id}({', '.join(turned)})",
                                    f"passes {texts[k]} and {texts[k + 1]} the other way round"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
            for arg in node.args:
                if isinstance(arg, ast.Constant) and type(arg.value) is int:
                    off += [(arg, "+1", "is one off"), (arg, "-1", "is one off")]
            if len(node.args) >= 2 and isinstance(node.args[1], ast.Name):  # range(1, n): 1-based, n + 1 belongs
                off += [(node.args[1], "+1", "is one off"), (node.args[1], "-1", "is one off")]
    # the lines the walk ran first (a double slip's other line may run only on another input)
    ordered = sorted(likely + strict + swapped + off, key=lambda e: e[0].lineno not in run) + late
    out = []
    for node, new, why in ordered:
        edit = _edit(lines, node, new)
        if edit is not None and edit["source"] not in {o["source"] for o in out}:
            out.append({**edit, "why": why})
    return out[:MAX_EDITS]


def _pair_tests(node) -> list[tuple[list, str]]:
    """The conditions under a loop over `enumerate` (its index's name with them): a comprehension's
    ifs, or the tests of the ifs in a for loop's body."""
    if not isinstance(node, (ast.comprehension, ast.For)) or not isinstance(node.target, ast.Tuple) or \
            not node.target.elts or not isinstance(node.target.elts[0], ast.Name) or \
            not isinstance(node.iter, ast.Call) or getattr(node.iter.func, "id", "") != "enumerate":
        return []
    tests = node.ifs if isinstance(node, ast.comprehension) else \
        [n.test for s in node.body for n in ast.walk(s) if isinstance(n, ast.If)]
    return [(tests, node.target.elts[0].id)]


class Unannotated(ast.NodeTransformer):
    """`start: int = 0` read as `start = 0` (a typed learner's counters and window starts): the
    edits are made at the value's own place in the text, which the annotation does not move."""

    def visit_AnnAssign(self, node):
        if node.value is None or not node.simple:
            return node
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


def _edit(lines: list[str], node, new: str | None) -> dict | None:
    """The edit of `node`: to `new` ("{}" its own text), the comparison swapped (new None), or
    itself plus or minus one (new "+1" or "-1")."""
    raw = lines[node.lineno - 1].encode()  # col offsets are in UTF-8 bytes
    was = raw[node.col_offset:node.end_col_offset].decode()
    if isinstance(node, ast.Compare) and (new is None or new in FLIPPED.values()):
        left = raw[node.col_offset:node.left.end_col_offset].decode()
        right = raw[node.comparators[0].col_offset:node.end_col_offset].decode()
        new = f"{left} {new or SWAPPED[type(node.ops[0])]} {right}"
    elif new in ("+1", "-1"):
        if isinstance(node, ast.Constant):
            new = str(node.value + int(new))
        elif isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant) and type(node.right.value) is int:
            c = node.right.value - int(new)  # len(nums) - 1, one more: len(nums)
            left = raw[node.col_offset:node.left.end_col_offset].decode()
            new = left if c == 0 else f"{left} - {c}" if c > 0 else f"{left} + {-c}"
        else:
            new = f"{was} {new[0]} 1" if isinstance(node, (ast.BinOp, ast.Name)) or "(" not in was and "[" in was \
                else f"({was}) {new[0]} 1"
    elif "{left}" in new:
        new = new.format(left=raw[node.col_offset:node.left.end_col_offset].decode(),
                         right=raw[node.right.col_offset:node.end_col_offset].decode())
    elif "{}" in new:
        new = new.format(was)
    span = (node.lineno, node.col_offset, node.end_col_offset)
    return {"line": node.lineno, "code": lines[node.lineno - 1].strip(), "was": was, "now": new, "span": span,
            "source": applied(lines, [(span, new)])}


def applied(lines: list[str], edits: list[tuple]) -> str:
    """The file with each ((line, start, end), text) edit made (right to left within a line)."""
    rows = [row.encode() for row in lines]
    for (line, start, end), text in sorted(edits, key=lambda e: (e[0][0], -e[0][1])):
        rows[line - 1] = rows[line - 1][:start] + text.encode() + rows[line - 1][end:]
    return b"".join(rows).decode()


def pairs(source: str, singles: list[dict]) -> list[list[dict]]:
    """Two edits at once, on different lines, for a double slip (the first PAIRED singles)."""
    lines = source.splitlines(keepends=True)
    out = []
    for i, a in enumerate(singles[:PAIRED]):
        for b in singles[i + 1:PAIRED]:
            if a["line"] != b["line"]:
                out.append([a, b, {"source": applied(lines, [(a["span"], a["now"]), (b["span"], b["now"])])}])
    return out


def patched(source: str, case, remote) -> dict:
    """The sandbox's answer to the case, called on the learner's file as edited (`source`); a driven
    case (decode_step chunk by chunk) driven here, each call made on the edited copy."""
    if getattr(case, "driver", None) is not None:
        from studyxf.grading.judge.runcases import _drive

        return _drive(remote, case, traced=False, past_the_rule=True, source=source)
    ask = case.request(source) if hasattr(case, "request") else \
        remote.patched_request(case, source)
    return remote.ask(ask, remote.limit(case))


def said(candidate: dict, case, remote, validate=None):
    """What the validator (the case's own by default) says of the edited file's answer: None
    (right), its message (a Named one names a known slip), or False where the edited file raised
    or ran out of time."""
    from studyxf.grading import wire
    from studyxf.grading.judge.runcases import _plain

    answer = patched(candidate["source"], case, remote)
    return (validate or case.validate)(_plain(wire.decode(answer["ok"]))) if "ok" in answer else False


def beside_a_known_slip(candidate: dict, cases: list, failing_names: set, remote) -> str | None:
    """A double slip of one edit and one slip the drill's validator knows: the edited file keeps
    every passing case, and every case it leaves failing fits one known slip (two-sum's values for
    indices), which the file's own failures did not all fit (else that slip alone was named);
    that slip's id, else None."""
    left = []
    for case in cases:
        verdict = said(candidate, case, remote)
        if verdict is False or case.name not in failing_names and verdict is not None:
            return None  # a passing case broken, or a crash: not this edit
        if verdict is not None:
            left.append(getattr(verdict, "readings", ()))
    common = [r for r in (left[0] if left else ()) if all(r in other for other in left[1:])]
    return common[0] if left and common else None


def fixes(candidate: dict, case, remote, shrunk: bool = False) -> bool:
    """Whether the edited file passes this validated case (`shrunk`: one made smaller, whose own
    validate holds the original's inputs)."""
    from studyxf.grading.judge import shrink

    if case.validate is None:
        return False
    try:
        made = shrink.answered(case) if shrunk else (case.validate, None)
    except Exception:  # noqa: BLE001 - a simulation that does not take these inputs
        return False
    return made is not None and said(candidate, case, remote, made[0]) is None


def entry(candidate: dict, walk: dict | None, others: bool, both: dict | None = None, known: str | None = None,
          also: list[int] = (), but: str | None = None) -> dict:
    """The verified cause, as localisation's causes are said (mistake null, verified, the line);
    `others`: cases that raised or ran out of time, which the edit was not asked to mend; `both`:
    the other edit of a double slip, made with this one; `also`: the lines of the other edits of a
    triple slip; `but`: the one failing case the edits leave failing, for a cause of its own."""
    every = f"every case but {but}, which fails for another cause, and those that passed still pass" if but else \
        "every case that gave a wrong answer, and those that passed still pass" if others else "every case"
    was, now = candidate["was"], candidate["now"]
    lines = sorted(set(also) | ({both["line"]} if both else set()))
    change = f"with this change and {_the_ones(lines)}" if lines else "with that one change"

    on = f"; on {walk['inputs']} the answer is {walk['expected']}, yours is {walk['got']}" if walk else ""
    belongs, fix = (f"`{now}` belongs", f"write `{now}` for `{was}`") if now else \
        ("nothing belongs", f"delete `{was}`")  # a keyword that does not belong (approximate="tanh")
    out = {"mistake": "located", "verified": True, "line": candidate["line"], "code": candidate["code"],
           "step": None, "how": f"{candidate['why']}: `{was}` where {belongs}",
           "message": f"line {candidate['line']}: `{candidate['code']}` {candidate['why']}: {fix} (measured: " +
                      (f"{change} every case still failing gives the slip named below, and every case "
                       f"that passed still passes{on})" if known else f"{change} your code passes {every}{on})")}
    return {**out, "walk": walk} if walk else out


def _the_ones(lines: list[int]) -> str:
    return f"the one at line {lines[0]}" if len(lines) == 1 else \
        f"the ones at lines {', '.join(map(str, lines[:-1]))} and {lines[-1]}"


def also(said: dict, line: int, edits: list[int]) -> dict:
    """A cause found on a copy that had the edit at `line` made first (`edits`: the lines of every edit made):
    its measured words say that edit too."""
    message = said.get("message")
    if not isinstance(message, str):
        return said
    pair = re.search(r"with this change and the one at line (\d+)", message)
    if pair:
        ones = _the_ones(sorted({int(pair.group(1)), line}))
        message = message.replace(pair.group(0), f"with this change and {ones}")
    elif "with that one change" in message:
        message = message.replace("with that one change", f"with this change and the one at line {line}", 1)
    elif not said.get("line") and said.get("mistake") not in (None, "located"):  # the slip the rest fits
        changes = f"(measured: with the changes at lines {_the_ones(sorted(set(edits)))[len('the ones at lines '):]}"
        message = re.sub(r"\(measured: with the change at line \d+", changes, message) if "(measured: with the change" \
            in message else f"{message} {changes})".strip()
    return {**said, "message": message}
