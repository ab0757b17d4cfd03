"""Edits of numbers: a sign, a log's base, a named constant, a unit, a default, a calculator's product of terms."""

from __future__ import annotations

import ast
import math
import re

from studyxf.grading.judge.edits.lister import Lister, constant_of, callee, numeral


def _product_terms(node) -> tuple[list, list] | None:
    """A product's names and number factors (2 * B * h * T), or None where it is not a plain product."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        a, b = _product_terms(node.left), _product_terms(node.right)
        return None if a is None or b is None else (a[0] + b[0], a[1] + b[1])
    if isinstance(node, (ast.Name, ast.Attribute)):  # (s.batch, a shape's field, as a name)
        return [ast.unparse(node)], []
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return [], [node.value]
    return None


def sibling_products(lister: Lister, tree) -> None:
    """A calculator's two counts of one product (QK^T's FLOPs and A.V's: the same sizes), one with a
    number factor the other lacks (`2 * B * h * T * T * d` beside `B * h * T * T * d`): the factor
    written into the other."""
    products = [(n, t) for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                and n.value.lineno == n.value.end_lineno for t in [_product_terms(n.value)] if t and len(t[0]) >= 2]
    for a, (names_a, numbers_a) in products:
        for b, (names_b, numbers_b) in products:
            if a is not b and sorted(names_a) == sorted(names_b) and numbers_a and not numbers_b:
                factor = " * ".join(map(str, numbers_a))
                lister.add(b.value, f"{factor} * {lister.text(b.value)}",
                           f"leaves out the factor {factor} that line {a.lineno}'s count of the same sizes has", rank=1)


def sign_flipped(lister: Lister, tree) -> None:
    """A sign lost or a power's base inverted: a returned product negated (ALiBi's `m * |i - j|` where
    `-m * |i - j|` belongs), and a base of 2 or 0.5 written as the other (`np.power(0.5, -8 * h / n)`)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.BinOp) and \
                isinstance(node.value.op, (ast.Mult, ast.Div)):
            lister.add(node.value, f"-{lister.group(node.value)}", "has the sign the other way round", rank=3)
        base = node.args[0] if isinstance(node, ast.Call) and callee(node.func) in ("power", "pow") and node.args \
            else node.left if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) else None
        if base is not None and numeral(base) in (2, 0.5):
            lister.add(base, "0.5" if numeral(base) == 2 else "2.0", "takes the power of the base's reciprocal "
                       "(2 for 0.5): the exponent's sign the other way round", rank=3)


def log_base_and_turns(lister: Lister, tree) -> None:
    """A logarithm of another base (`np.log10(10000.0)` where the natural log belongs), and a phase counted in turns
    (`2 * np.pi * n * omega`, a frequency in cycles where the angular one is given): the other logs, the 2 pi left
    out."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)) and \
                callee(node.func) in ("log", "log2", "log10") and node.lineno == node.end_lineno:
            span = (node.func.lineno, node.func.end_col_offset - len(callee(node.func)), node.func.end_col_offset)
            for other in ("log", "log2", "log10"):
                if other != callee(node.func):
                    lister.add(node.func, other, f"takes {callee(node.func)} where {other} belongs", span=span, rank=2)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno:
            turns = node.left
            while isinstance(turns, ast.BinOp) and isinstance(turns.op, ast.Mult) and \
                    not re.fullmatch(r"2(\.0*)?\s*\*\s*((np|math|torch)\.)?pi", lister.text(turns)):
                turns = turns.left
            if not re.fullmatch(r"2(\.0*)?\s*\*\s*((np|math|torch)\.)?pi", lister.text(turns)):
                continue
            why = "multiplies by 2 pi, a turn's angle, where the angle is given"
            if turns is node.left:  # (2 * np.pi) * pos
                lister.add(node, lister.text(node.right), why, rank=2)
            else:  # (2 * np.pi * n) * omega: the n kept
                span = (turns.lineno, turns.col_offset, node.left.end_col_offset)
                lister.add(node.left, lister.text(node.left)[len(lister.text(turns)):].lstrip(" *"), why, span=span,
                           rank=2)


def named_constant(lister: Lister, tree) -> None:
    """A number given a name (`LOG2E = 0.6931...`, ln 2 where log2(e) belongs): its reciprocal, as the
    operands of * and / are tried (binop)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                isinstance(node.value, ast.Constant) and type(node.value.value) is float and \
                node.value.value not in (0.0, 1.0, 0.5, 2.0):
            lister.add(node.value, f"{1 / node.value.value:.17g}",
                       f"gives {node.targets[0].id} the value {lister.text(node.value)} where its reciprocal belongs",
                       rank=3)


# constants a learner writes one for another, by group: each group's members tried for each other
# (sqrt(2/pi), the tanh GELU's, where erf's 1/sqrt(2) belongs; ln 2 where log2(e) belongs)
_CONFUSED = ({"1 / sqrt(2)": (2 ** -0.5, "2 ** -0.5"), "sqrt(2 / pi)": ((2 / math.pi) ** 0.5, "(2 / math.pi) ** 0.5"),
              "sqrt(2)": (2 ** 0.5, "2 ** 0.5"), "sqrt(2 pi)": ((2 * math.pi) ** 0.5, "(2 * math.pi) ** 0.5")},
             {"ln 2": (math.log(2), "math.log(2)"), "log2(e)": (1 / math.log(2), "1 / math.log(2)"),
              "ln 10": (math.log(10), "math.log(10)"), "log10(e)": (1 / math.log(10), "1 / math.log(10)")})


def default_written(lister: Lister, tree) -> None:
    """A parameter's default written as a number where the parameter belongs (10000.0 in a helper given base,
    apply_rope's base=10000.0): the argument ignored."""
    fns = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    defaults = {}
    for fn in fns:
        args = fn.args.args[len(fn.args.args) - len(fn.args.defaults):]
        defaults.update({a.arg: numeral(d) for a, d in zip(args, fn.args.defaults) if numeral(d) not in (None, 0, 1)})
    for fn in fns:
        # (a default of the function's own: _named_constant's edit, in its words)
        own = {a.arg for a in fn.args.args[len(fn.args.args) - len(fn.args.defaults):]}
        params = {a.arg for a in [*fn.args.args, *fn.args.kwonlyargs]} & set(defaults) - own
        for node in (n for stmt in fn.body for n in ast.walk(stmt)):
            for p in sorted(params):
                if isinstance(node, ast.Constant) and numeral(node) == defaults[p]:
                    lister.add(node, p, f"writes {p}'s default where the argument {p} belongs", rank=1)


def decade(lister: Lister, tree) -> None:
    """A round constant written a zero short or long (1000.0 for RoPE's and the encoding's 10000)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value >= 100 and \
                math.log10(node.value).is_integer():
            for factor in (10, 0.1):
                value = node.value * factor
                text = str(int(round(value))) + (".0" if isinstance(node.value, float) else "")
                lister.add(node, text, f"writes {lister.text(node)} where {text} belongs", rank=3)


_UNITS = {1024.0: "KiB", 1024.0 ** 2: "MiB", 1024.0 ** 3: "GiB", 1024.0 ** 4: "TiB",
          1e3: "kB", 1e6: "MB", 1e9: "GB", 1e12: "TB"}


def unit_converted(lister: Lister, tree) -> None:
    """A calculator's figure converted to a unit (`/ 1024 ** 3`, `* 1e-9`) where the task asks for
    the base unit: the operation dropped. Written here: units.py reads a conversion off the values,
    which an int() around it erases (int(b / 1024 ** 3) is 0 for most sizes)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Div, ast.Mult)):
            continue
        value = constant_of(node.right)
        if value is None or value == 0:
            continue
        factor = value if isinstance(node.op, ast.Div) else 1 / value
        unit = next((u for f, u in _UNITS.items() if abs(factor - f) <= 1e-9 * f), None)
        # the conversion as written (1024 ** 3, 2 ** 30, 1e9, 1000): a number the file computed itself is not one
        written = re.search(r"1024|\b2\s*\*\*\s*\d0\b|(?<![\d.])1e-?\d|\b10\s*\*\*|\b1_?000\b", lister.text(node.right))
        if unit is not None and written and constant_of(node.left) is None:
            op = lister.text(node)[len(lister.text(node.left)):].strip()
            why = f"converts bytes to {unit} ({op}) where the task asks for bytes" if "i" in unit else \
                f"converts the figure to thousands, millions or billions ({op}: {unit} for bytes) where the task " \
                f"asks for the number itself"
            lister.add(node, lister.text(node.left), why, rank=1)


def confused_constant(lister: Lister, tree) -> None:
    """A known constant written where its neighbour belongs (sqrt(2/pi) for 1/sqrt(2) in erf's GELU)."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Constant, ast.BinOp, ast.Call)):
            continue
        value = constant_of(node)
        if value is None or isinstance(node, ast.Constant) and type(node.value) is int:
            continue
        for group in _CONFUSED:
            was = next((name for name, (v, _) in group.items() if abs(value - v) <= 1e-4 * abs(v)), None)
            for name, (_, text) in group.items() if was else ():
                if name != was:
                    lister.add(node, text, f"writes {was} where {name} belongs", rank=3)
