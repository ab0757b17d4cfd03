"""The one-place edits a tensor drill's slip is most often one of (an axis or the axis a shape is
read from, keepdims, a transpose, a comparison, a triangle or its diagonal, one input or local for
another, one layer of a module for another, two names of an unpacking swapped, a new axis in the
wrong place, a line that treats its array otherwise than the line beside it treats another, a
function for its twin, a function applied where none belongs, a square root or a norm, an exponent's
sign, a mean squared for a mean of squares, a square for an absolute value, an operator or its
sides, a term that does not belong or a factor twice, parentheses missing or a factor on the wrong
term, a constant or a range one off, positions local to a block, an einsum's axis, a calculator's
bits for bytes, a keyword that changes the statistic, an unused input added, a result thrown away, a
running max started at 0, a number written for an argument, a count of axes for a size, a term
taken into an operand's parentheses, a reshape's sizes swapped or its axes of 1 misplaced, a named
constant's reciprocal, a loop's running value set afresh where its update belongs, a block's start
written as its index, the other triangle, a permutation's neighbours or a view's sizes with the permute
after it, GELU's approximate=, a layer applied where its input belongs, halves concatenated where pairs
interleave or angles tiled where each repeats, a shift scaled with the product, two products' factors
crossed, a second name for an input then written into, a cast to a fixed dtype, an int given where a
size was computed, the inputs returned or written into where their copies belong, two names of a
line exchanged, a function's two arguments swapped, a helper that returns its gate without its
input, the sigmoid approximation of GELU's CDF, a product missing its 2, a masked load's fill, a
stride passed as 1, a max written as 0; a module constant edited where it is written), listed
from the learner's own file for the judge to try in the sandbox (repair.py). Generic: no catalogue
entry."""

from __future__ import annotations

import ast
import re

from studyxf.grading.judge.edits import constants, inputs, kernels, layout, running, terms
from studyxf.grading.judge.edits.inputs import integer_tables, written_into
from studyxf.grading.judge.edits.lister import MAX_EDITS, Lister, callee, numeral
from studyxf.grading.judge.mend import Unannotated

__all__ = ["MAX_EDITS", "candidates", "integer_tables", "written_into"]


def candidates(source: str, framework: str, first: list[int] | None = None, kinds: dict | None = None,
               most: int = MAX_EDITS) -> list[dict]:
    """The edits worth trying, those on the lines `first` (where the diagnosis saw the values leave)
    before the rest, the likeliest kinds first, in the file's order: {"line", "code", "was", "now",
    "why", "span", "source", "rank"}. `kinds`: the entry point's inputs' kinds, by name (see _names);
    `most`: how many."""
    try:
        tree = Unannotated().visit(ast.parse(source))  # `h: Array = ...` read as `h = ...`
    except SyntaxError:
        return []
    lister = Lister(source, framework)
    lister.defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    lister.constants = {n.targets[0].id: n.value for n in tree.body if isinstance(n, ast.Assign)
                        and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and numeral(n.value) is not None}
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                isinstance(n.value, (ast.Constant, ast.UnaryOp)) and isinstance(numeral(n.value), int):
            lister.numbered.setdefault(n.targets[0].id, []).append(n.value)
    # the sizes read from an array's axes (n_k = k.shape[-2], `B, T, d = x.shape`): a length beside another
    # (those that bound a loop or a range: a length of positions, not a width)
    bounding = {x.id for n in ast.walk(tree) if isinstance(n, ast.Call) and callee(n.func) in ("range", "arange")
                for a in n.args for x in ast.walk(a) if isinstance(x, ast.Name)}
    lister.lengths = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                      and re.fullmatch(r"[\w.]+\.(shape(\[[^\]]*\])?|size\([^)]*\))", ast.unparse(n.value))
                      for t in (n.targets[0].elts if isinstance(n.targets[0], ast.Tuple) else [n.targets[0]])
                      if isinstance(t, ast.Name) and t.id in bounding}
    # the ends a length is counted up to (`end = start_pos + T`: T's positions end at end)
    lister.ends = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                isinstance(n.value, ast.BinOp) and isinstance(n.value.op, ast.Add):
            for x in (n.value.left, n.value.right):
                if isinstance(x, ast.Name):
                    lister.ends.setdefault(x.id, set()).add(n.targets[0].id)
    lister.starts = sorted({a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for a in n.args.args
                            if re.search(r"start|offset|past|prefix", a.arg)})
    lister.bounds = {id(a) for n in ast.walk(tree) if isinstance(n, ast.Call) and callee(n.func) in ("range", "arange")
                     for a in n.args}
    lister.loops = [n.target.id for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)
                    and isinstance(n.iter, ast.Call) and callee(n.iter.func) == "range" and len(n.iter.args) == 3]
    body = [n for n in ast.walk(tree) if not isinstance(n, (ast.Import, ast.ImportFrom))]
    for node in body:
        if isinstance(node, ast.Call):
            lister.call(node)
        elif isinstance(node, ast.Compare):
            lister.compare(node)
        elif isinstance(node, ast.BinOp):
            lister.binop(node)
        elif isinstance(node, ast.Subscript):
            lister.subscript(node)
            lister.new_axis(node)
        elif isinstance(node, ast.Expr):
            lister.statement(node)
        elif isinstance(node, ast.Assign):
            lister.unpacked(node)
        elif isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):  # torch.matmul(x, w.T): no @ to read
            lister.operand(node)
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        lister.unused(fn, kinds or {})
    if kinds and not any(k.startswith("array") for k in kinds.values()):  # a calculator: sizes and a dtype's name
        for node in body:
            if isinstance(node, (ast.Assign, ast.Return)):
                lister.bits(node, {p for p, k in kinds.items() if k == "str"})
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            lister.missing_factor(fn, {p for p, k in kinds.items() if k == "int"})
        constants.unit_converted(lister, tree)
        constants.sibling_products(lister, tree)
    running.copied_value(lister, tree)  # (before _names, which writes the same copy as a rank-4 guess)
    running.running_max_kept(lister, tree)  # (and this one, whose names names() swaps as a rank-4 guess)
    inputs.names(lister, tree, kinds or {})
    terms.scale_of_another(lister, tree, kinds or {})  # (after: holds where names() swaps the input as a rank-0 guess)
    terms.scale_of_the_model(lister, tree)
    layout.siblings(lister, tree)
    layout.layers(lister, tree)
    running.running_max_start(lister, tree)
    running.max_written_as_zero(lister, tree)
    running.rescale_left_out(lister, tree)
    terms.masked_with_zero(lister, tree)
    terms.residual_left_out(lister, tree)
    terms.division_unguarded(lister, tree)
    terms.tanh_form(lister, tree)
    terms.gate_left_out(lister, tree)
    terms.rotation_sign(lister, tree)
    layout.sibling_arguments(lister, tree)
    layout.adjacent_lane(lister, tree)
    terms.causal_offset(lister, tree)
    layout.made_again(lister, tree)
    layout.joined_order(lister, tree)
    layout.split_transposed(lister, tree)
    constants.named_constant(lister, tree)
    constants.sign_flipped(lister, tree)
    constants.log_base_and_turns(lister, tree)
    constants.confused_constant(lister, tree)
    constants.decade(lister, tree)
    constants.default_written(lister, tree)
    layout.swapped_calls(lister, tree)
    layout.statements_swapped(lister, tree)
    layout.names_exchanged(lister, tree)
    layout.half_dropped(lister, tree)
    layout.attribute_swapped(lister, tree)
    terms.unused_size(lister, tree)
    terms.centred(lister, tree)
    layout.halves_sliced(lister, tree)
    layout.modulo_for_group(lister, tree)
    kernels.first_mask_in_loop(lister, tree)
    kernels.strides_written(lister, tree)
    kernels.stride_one(lister, tree)
    running.overwritten_in_loop(lister, tree)
    running.stepped_twice(lister, tree)
    running.tail_dropped(lister, tree)
    running.max_of_exponentials(lister, tree)
    running.unused_max(lister, tree)
    kernels.grid_sized(lister, tree)
    kernels.stride_unused(lister, tree)
    kernels.launch_sizes(lister, tree)
    kernels.pointer_step(lister, tree)
    kernels.log2e_dropped(lister, tree)
    running.running_update(lister, tree)
    kernels.block_start(lister, tree)
    kernels.program_start(lister, tree)
    kernels.broadcast_swapped(lister, tree)
    kernels.bound_by_tile_end(lister, tree)
    kernels.tiles_of_another_axis(lister, tree)
    kernels.offset_not_advanced(lister, tree)
    kernels.epilogue_reads(lister, tree)
    inputs.argument_written(lister, tree)
    inputs.copies_returned(lister, tree)
    inputs.axes_counted(lister, tree)
    inputs.allocated_dtype(lister, tree, kinds or {})
    inputs.integer_dtype(lister, tree, kinds or {})
    inputs.dict_keys(lister, tree, kinds or {})
    inputs.attribute_unused(lister, tree, kinds or {})
    first = first or []
    out = lister.out
    ranked = sorted(range(len(out)), key=lambda i: (out[i]["line"] not in first, out[i]["rank"], out[i]["line"], i))
    return [out[i] for i in ranked][:most]
