"""Module drills (`causal-self-attention`, `transformer-block`, a learner's own): build the learner's
module, copy reference weights into its Linear (and LayerNorm) layers, by name first, then by
registration order, compare with the drill's reference, and localise a failure: forward hooks on the
learner's layers capture the tensors between stages (q/k/v in, the attention before its projection,
the MLP's input and hidden), compared with the reference's to name the first stage that diverges.
Runs inside the grading worker; each drill's grader.py says how its weights load and its stages."""

from __future__ import annotations

import functools

import numpy as np
import torch
from torch import nn

from studyxf.grading.judge.evidence import Failure, Mismatch, Raised


FUSED = ("qkv", "c_attn", "in_proj", "attn", "qkv_proj", "w_qkv")
SEPARATE = {"q": ("q", "query", "q_proj", "wq", "w_q"), "k": ("k", "key", "k_proj", "wk", "w_k"),
            "v": ("v", "value", "v_proj", "wv", "w_v")}
OUT = ("proj", "c_proj", "out_proj", "o_proj", "wo", "w_o", "out", "o")
CONFIGS = [(32, 4, 2, 7, torch.float32), (128, 4, 2, 16, torch.float32), (24, 3, 1, 1, torch.float32),
           (64, 8, 3, 5, torch.float64)]


class LayoutError(Exception):
    pass


def _per_head(linears: list, d: int) -> dict | None:
    """One Linear(d, d/H) per head for each of q, k, v, by name ('Let's build GPT': a ModuleList of
    Heads, each with key, query, value): {'q.0': ..., 'k.0': ..., 'v.0': ...}, heads in order."""
    found = {key: [m for n, m in linears if n in names] for key, names in SEPARATE.items()}
    n = len(found["q"])
    if n < 2 or d % n or any(len(found[key]) != n for key in "kv") or \
            any(m.weight.shape != (d // n, d) for ms in found.values() for m in ms):
        return None
    return {f"{key}.{j}": m for key, ms in found.items() for j, m in enumerate(ms)}


def find_layers(module: nn.Module, d: int) -> dict:
    """{'qkv': Linear}, {'q', 'k', 'v': Linear} or one Linear per head ({'q.0', ..., 'v.H-1'}),
    plus {'out': Linear}."""
    linears = [(name.rsplit(".", 1)[-1], m) for name, m in module.named_modules() if isinstance(m, nn.Linear)]
    if not linears:
        raise LayoutError("no nn.Linear layers found: the grader copies reference weights into Linear(d, 3d) + "
                          "Linear(d, d), or three Linear(d, d) + Linear(d, d)")
    by_name = {n: m for n, m in linears}
    out = next((by_name[n] for n in OUT if n in by_name and by_name[n].weight.shape == (d, d)), None)
    fused = next((by_name[n] for n in FUSED if n in by_name and by_name[n].weight.shape == (3 * d, d)), None)
    sep = {key: next((by_name[n] for n in names if n in by_name and by_name[n].weight.shape == (d, d)), None)
           for key, names in SEPARATE.items()}
    if fused is not None and out is not None:
        return {"qkv": fused, "out": out}
    if all(sep.values()) and out is not None:
        return {**sep, "out": out}
    heads = _per_head(linears, d)
    if heads is not None:
        rest = [m for _, m in linears if m.weight.shape == (d, d)]
        out = out if out is not None else (rest[0] if len(rest) == 1 else None)
        if out is not None:
            return {**heads, "out": out}
    mods = [m for _, m in linears]
    shapes = [tuple(m.weight.shape) for m in mods]
    if shapes == [(3 * d, d), (d, d)]:
        return {"qkv": mods[0], "out": mods[1]}
    if shapes == [(d, d)] * 4:
        return {"q": mods[0], "k": mods[1], "v": mods[2], "out": mods[3]}
    raise LayoutError(f"cannot map your Linear layers {[(n, tuple(m.weight.shape)) for n, m in linears]} to q, k, v "
                      f"and the output projection (expected Linear({d}, {3 * d}) + Linear({d}, {d}), four "
                      f"Linear({d}, {d}), or key/query/value Linear({d}, {d}/H) in each of H heads + "
                      f"Linear({d}, {d}); names such as qkv/c_attn and proj/c_proj are matched first)")


def attention_layout(layers: dict) -> dict:
    """What the reference needs to know of the learner's attention layers: fused, separate or one
    per head (how many), which have biases."""
    return {"fused": "qkv" in layers, "heads": sum(k.startswith("q.") for k in layers),
            "bias": {k: m.bias is not None for k, m in layers.items()}}


def qkv_input(layers: dict) -> nn.Module:
    """The layer whose input is the attention's input (for the taps)."""
    return next(layers[k] for k in ("qkv", "q", "q.0") if k in layers)


def attention_tensors(layout: dict, d: int, seed: int) -> dict:
    """Random reference weights for that layout (the same in the sandbox and the judge): the
    per-layer values to copy in, and the fused float64 tensors the reference computes with."""
    g = torch.Generator().manual_seed(seed)
    w_qkv = torch.randn(3 * d, d, generator=g, dtype=torch.float64) * d ** -0.5
    w_out = torch.randn(d, d, generator=g, dtype=torch.float64) * d ** -0.5
    b_all = torch.randn(4 * d, generator=g, dtype=torch.float64) * 0.1
    bias = layout["bias"]
    per_layer = {"out": (w_out, b_all[3 * d:] if bias["out"] else None)}
    if layout["fused"]:
        per_layer["qkv"] = (w_qkv, b_all[: 3 * d] if bias["qkv"] else None)
        b_qkv = b_all[: 3 * d] if bias["qkv"] else None
    else:  # rows of the fused weight, by q/k/v then by head: head j's slice is what split_heads gives it
        n = layout.get("heads") or 1
        keys = [(f"{key}.{j}" if n > 1 else key) for key in "qkv" for j in range(n)]
        rows = d // n
        parts = []
        for i, key in enumerate(keys):
            part = slice(i * rows, (i + 1) * rows)
            per_layer[key] = (w_qkv[part], b_all[part] if bias[key] else None)
            parts.append(b_all[part] if bias[key] else torch.zeros(rows, dtype=torch.float64))
        b_qkv = torch.cat(parts) if any(bias[k] for k in keys) else None
    return {"per_layer": per_layer, "fused": (w_qkv, b_qkv, w_out, per_layer["out"][1])}


def copy_in(layer: nn.Module, weight, bias) -> None:
    with torch.no_grad():
        if getattr(layer, "weight", None) is not None and weight is not None:
            layer.weight.copy_(weight)
        if getattr(layer, "bias", None) is not None and bias is not None:
            layer.bias.copy_(bias)


LN1 = ("ln1", "ln_1", "norm1", "attn_norm", "input_layernorm", "ln_attn", "norm_1")
LN2 = ("ln2", "ln_2", "norm2", "mlp_norm", "ffn_norm", "post_attention_layernorm", "ln_mlp", "norm_2")


def attention_child(module, d):
    """The block's attention submodule's layers: the first child whose Linears map to q, k, v, out."""
    for _, child in module.named_children():
        try:
            return find_layers(child, d)
        except LayoutError:
            continue
    raise LayoutError("cannot find the attention submodule (a child module holding Linear(d, 3d) + Linear(d, d), "
                      "or four Linear(d, d))")


def find_norms(module, d):
    """The block's two LayerNorms (ln1 before attention, ln2 before the MLP): by name, then by order."""
    norms = [(n.rsplit(".", 1)[-1], m) for n, m in module.named_modules() if isinstance(m, nn.LayerNorm)]
    by_name = dict(norms)
    ln1 = next((by_name[n] for n in LN1 if n in by_name), None)
    ln2 = next((by_name[n] for n in LN2 if n in by_name), None)
    if ln1 is None or ln2 is None:
        if len(norms) != 2:
            raise LayoutError(f"expected two nn.LayerNorm layers (ln1 before attention, ln2 before the MLP), "
                              f"found {[n for n, _ in norms] or 'none'}")
        ln1, ln2 = norms[0][1], norms[1][1]
    return ln1, ln2


def find_mlp(module, d, taken):
    rest = [m for m in module.modules() if isinstance(m, nn.Linear) and id(m) not in taken]
    up = next((m for m in rest if m.weight.shape[1] == d and m.weight.shape[0] != d), None)
    down = next((m for m in rest if m.weight.shape[0] == d and m.weight.shape[1] != d), None)
    if up is None or down is None:
        shapes = ", ".join(f"Linear({m.weight.shape[1]}, {m.weight.shape[0]})" for m in rest) or "none"
        raise LayoutError(f"cannot find the MLP's Linear(d, ratio*d) and Linear(ratio*d, d) (d = {d}): the Linear "
                          f"layers besides attention's are {shapes}; the MLP widens d_model to mlp_ratio * d_model "
                          f"and back")
    return up, down


def skeleton(described: list[dict], dtype=torch.float64) -> nn.Module:
    """Judge side: the learner's module rebuilt from its description (fresh_module.describe), the
    same names in the same order, its Linear and LayerNorm layers real and filled with NaN: the
    graders' layout and install run on it as on the learner's module, and what install wrote is
    what the sandbox copies in."""
    root = nn.Module()
    for item in described:
        if not item["name"]:
            continue
        parent_name, _, leaf = item["name"].rpartition(".")
        parent = root.get_submodule(parent_name) if parent_name else root
        if item.get("kind") == "Linear":
            out_f, in_f = item["shape"]
            layer = nn.Linear(in_f, out_f, bias=item["bias"], dtype=dtype, device="meta")
        elif item.get("kind") == "LayerNorm":
            layer = nn.LayerNorm(item["shape"], eps=item["eps"], elementwise_affine=item["weight"],
                                 bias=item["bias"], dtype=dtype, device="meta")
        else:
            layer = nn.Module()
        parent.add_module(leaf, layer.to_empty(device="cpu") if item.get("kind") else layer)
    with torch.no_grad():
        for p in root.parameters():
            p.fill_(float("nan"))
    return root


def written(root: nn.Module) -> dict:
    """The skeleton's parameters that install() wrote (no NaN left), by name."""
    return {name: p.detach().clone() for name, p in root.named_parameters() if not torch.isnan(p).any()}


def _config(i: int, grader):
    d, h, B, T, dtype = getattr(grader, "CONFIGS", CONFIGS)[i][:5]
    x = torch.randn(B, T, d, generator=torch.Generator().manual_seed(200 + i), dtype=torch.float64)
    return d, h, B, T, dtype, x


def _keywords(i: int, grader) -> dict:
    """Config i's further arguments of the module (a parameter the task names, varied: mlp_ratio)."""
    config = getattr(grader, "CONFIGS", CONFIGS)[i]
    return dict(config[5]) if len(config) > 5 else {}


def localise(taps: dict, trace: dict, order: list[str], rtol: float = 1e-4, atol: float = 1e-5) -> str | None:
    """Judge side: the first stage (in forward order) whose captured array differs from the reference's."""
    checked = []
    for name in order:
        got, want = taps.get(name), trace.get(name)
        if got is None or want is None or tuple(got.shape) != tuple(want.shape):
            continue
        want = want.detach().to(torch.float64).numpy()
        err = float(np.abs(got - want).max())
        if not np.allclose(got, want, rtol=rtol, atol=atol):
            before = f"; {', '.join(checked)} match" if checked else ""
            return f"localised: the first stage that differs is {name} (largest error {err:.3g}){before}"
        checked.append(name)
    if checked:
        return f"localised: {', '.join(checked)} match the reference; the difference comes after them"
    return None


class ModuleCase:
    """A module config seen as a case by the localisation: its inputs by name (x and the reference
    weights the sandbox copied in) and its dtype."""

    driver = None
    kwargs: dict = {}

    def __init__(self, inputs: dict, dtype: str):
        self.inputs, self.dtype, self.args = inputs, dtype, [inputs["x"]]

    def labelled(self) -> dict:
        return dict(self.inputs)


class PatchCase:
    """A config as repair.py tries it: the learner's file as edited, its module built with the
    config's arguments, given the weights the judge chose and run on the config's input, in the
    sandbox (op "module_patched"); judged against the config's reference."""

    driver = validate = device = convert = out_dtype = time_limit = None
    kwargs: dict = {}

    def __init__(self, name: str, ask: dict, ref_fn, x: torch.Tensor, dtype, inputs: dict | None = None):
        self.name, self.ask, self.ref_fn, self.x64 = name, ask, ref_fn, x
        self.args, self.dtype = [x.to(dtype)], str(dtype).removeprefix("torch.")
        self.failed = False  # its test failed as the learner wrote it (values or a crash)
        self.inputs = inputs  # what the grader's steps start from (x and the weights), where it has steps

    def labelled(self) -> dict:
        """The inputs by name, as ModuleCase's: the steps run on them (stepwise.py traces an edit's copy)."""
        if self.inputs is None:
            raise AttributeError("labelled")  # a module drill without steps
        return dict(self.inputs)

    def ref(self) -> np.ndarray:
        return self.reference

    def engine_error(self) -> float:
        return float(np.abs(self.ref_fn(self.args[0], frozenset(), None).double().numpy() - self.reference).max())

    @functools.cached_property
    def reference(self) -> np.ndarray:
        return self.ref_fn(self.x64, frozenset(), None).numpy()

    def variant_of(self, slips) -> np.ndarray:
        return self.ref_fn(self.x64, slips, None).numpy()

    def request(self, source: str) -> dict:
        return {**self.ask, "op": "module_patched", "source": source}


def run(remote, grader, judge_case, label: str, tried: list | None = None):
    """Judge side: yields (test dict, failing-info dict or None) for each config. The learner's
    module is built and run in the sandbox, which sends its layers as data; the layers are mapped
    and the weights chosen here (on a skeleton of it), the reference computed here from that
    layout, and the properties (determinism, causality, gradients) decided here from outputs.
    `tried` gets each config whose layers were mapped, as a PatchCase (for repair.py)."""
    from studyxf.grading import wire

    configs = getattr(grader, "CONFIGS", CONFIGS)
    for i in range(len(configs)):
        d, h, B, T, dtype, x = _config(i, grader)
        dname = str(dtype).removeprefix("torch.")
        kw = _keywords(i, grader)
        more = "".join(f", {k}={v!r}" for k, v in kw.items())
        name = f"d_model={d}, n_heads={h}{more}, x ({B}, {T}, {d}), {dname}"
        code = f"m = {label}({d}, {h}{more}); y = m(x)  # x {(B, T, d)}"
        ans = remote.ask({"op": "module", "i": i, "d": d, "h": h, "dtype": dname, **({"kwargs": kw} if kw else {})},
                         remote.limit())
        layout = None
        if "modules" in ans:
            try:
                root = skeleton(ans["modules"])
                layout, handles = grader.layout(root, d, **kw)
                grader.install(handles, layout, d, seed=100 + i)
            except LayoutError as exc:
                ans = {"layout_error": str(exc)}
            except (ValueError, TypeError, RuntimeError, KeyError, AttributeError) as exc:
                ans = {"layout_error": f"cannot map your module's layers: {exc}"}
        patch = None
        if layout is not None:
            where = {id(m): n for n, m in root.named_modules()}
            taps = {stage: where[id(m)] for stage, m in grader.stages(handles)}
            weights = {n: wire.encode(t) for n, t in written(root).items()}
            ans = remote.ask({"op": "module_run", "i": i, "x": wire.encode(x.to(dtype)), "taps": taps,
                              "weights": weights}, remote.limit())
            if tried is not None:
                patch = PatchCase(name, {"i": i, "d": d, "h": h, "dtype": dname, "kwargs": kw, "weights": weights,
                                         "x": wire.encode(x.to(dtype))}, grader.reference(layout, d, h, seed=100 + i),
                                  x, dtype, grader.step_inputs(layout, d, h, 100 + i, x)
                                  if hasattr(grader, "step_inputs") else None)
                tried.append(patch)
        if "dead" in ans:
            yield {"name": name, "status": "error", "message": remote.dead_message(ans), "test_code": code}, None
            for j in range(i + 1, len(configs)):
                yield {"name": f"config {j + 1}", "status": "error", "message": "not run: the sandbox stopped"}, None
            return
        if "layout_error" in ans or "raised" in ans:
            message = ans.get("layout_error") or remote.raised_message(ans["raised"], "")
            # the module's own structure, read by the judge's mapping: a cause said as it is
            info = ans.get("raised") or {}
            crash = Raised(info.get("type", "Exception"), (info.get("text") or "").splitlines()[0] if info.get("text")
                           else "", name, False, tuple(x.shape), None, None, (i, wire.encode(x.to(dtype)))) \
                if info.get("kind") == "other" else None
            if patch is not None and "raised" in ans:
                patch.failed = True
            yield {"name": name, "status": "error", "message": message, "test_code": code}, \
                (Failure(layout=message) if "layout_error" in ans else Failure(raised=crash) if crash else None)
            continue
        out = wire.decode(ans["ok"])
        ref_fn = grader.reference(layout, d, h, seed=100 + i)
        trace: dict = {}
        ref = ref_fn(x, frozenset(), trace).numpy()
        engine_err = float(np.abs(ref_fn(x.to(dtype), frozenset(), None).double().numpy() - ref).max())
        message = judge_case(out, ref, dname, engine_err, f"x({B}, {T}, {d})")
        fail_info = None
        if message and isinstance(out, wire.Array) and out.values.shape == ref.shape:
            tapped = {k: v.values.astype(np.float64) for k, v in
                      ((k, wire.decode(e)) for k, e in ans["taps"].items()) if isinstance(v, wire.Array)}
            values = Mismatch(out.values.astype(np.float64), ref, dname,
                              variant_of=lambda slips, _f=ref_fn, _x=x: _f(_x, slips, None).numpy())
            if hasattr(grader, "step_inputs"):  # the module's forward as the grader's steps (localise.py)
                values.case = ModuleCase(grader.step_inputs(layout, d, h, 100 + i, x), dname)
                values.module_index, values.module_x = i, wire.encode(x.to(dtype))
            fail_info = Failure(values=values, localised=localise(tapped, trace, list(trace)))
        if patch is not None and message:
            patch.failed = True
        yield {"name": name, "status": "fail" if message else "pass", "message": message, "test_code": code}, fail_info
        if i == 0:
            for test in _properties(remote, i, x.to(dtype), ref_fn, x, passed=not message):
                random, info = test.pop("random", False), test.pop("raised", None)
                # a property's call that raised (a backward through an in-place edit): a crash said with its cause
                crash = Raised(info.get("type", "Exception"), (info.get("text") or "").partition("\n")[0], test["name"],
                               False, tuple(x.shape), None, None, (i, wire.encode(x.to(dtype)))) \
                    if info and info.get("kind") == "other" else None
                yield test, (Failure(random=True) if random else Failure(raised=crash) if crash else None)


def _output(remote, i: int, x: torch.Tensor, grads: bool = False):
    """The learner's module on x, in the sandbox: its output as float64 numpy (or, with grads, the
    answer holding the gradients); raises _Failed with the test's message when there is none."""
    from studyxf.grading import wire

    ans = remote.ask({"op": "module_grads" if grads else "module_run", "i": i, "x": wire.encode(x)}, remote.limit())
    if "dead" in ans:
        raise _Failed(remote.dead_message(ans))
    if "raised" in ans:
        raise _Failed(remote.raised_message(ans["raised"], ""), ans["raised"])
    if grads:
        return ans
    out = wire.decode(ans["ok"])
    if not isinstance(out, wire.Array):
        raise _Failed(f"forward returned {getattr(out, 'type_name', type(out).__name__)}, expected a tensor")
    return out.values.astype(np.float64)


class _Failed(Exception):
    """A property that could not be judged: the message is the test's error (`raised`: what the
    learner's code raised, as the sandbox sent it)."""

    def __init__(self, message: str, raised: dict | None = None):
        super().__init__(message)
        self.raised = raised


def _properties(remote, i: int, x: torch.Tensor, ref_fn, x64: torch.Tensor, passed: bool):
    """The properties of config i's module, decided here from what it returns for inputs chosen
    here: the same input twice, a change of the last token only, and the gradients of sum(y^2)."""
    from studyxf.grading import wire

    # the same input twice: dropout left on (F.dropout ignores eval()) makes the output random
    random = False
    try:
        a, b = _output(remote, i, x), _output(remote, i, x)
        msg = None
        if a.shape == b.shape and not np.array_equal(np.nan_to_num(a), np.nan_to_num(b)):
            random = True
            # how far apart is not said: it is drawn anew on each run, and the report must not change with it
            msg = ("the same input twice gave different outputs in eval mode: something random runs "
                   "(F.dropout(..., training=True) by default, or torch.rand)")
        yield {"name": "same input, same output", "status": "fail" if msg else "pass", "message": msg,
               "random": random}
    except _Failed as exc:
        yield {"name": "same input, same output", "status": "error", "message": str(exc)}
        return
    # causality: changing the last token must leave every earlier output unchanged
    if random:
        yield {"name": "causality", "status": "error", "message": "not judged: the outputs are random (see "
                                                                   "'same input, same output')"}
        return
    try:
        x2 = x.clone()
        x2[:, -1] += 1.0
        b = _output(remote, i, x2)
        leak = float(np.abs(a[:, :-1] - b[:, :-1]).max()) if a.ndim > 1 and a.shape == b.shape and a.shape[1] > 1 \
            else 0.0
        if not np.isfinite(a).all():
            msg = "NaN or inf in the output: is a row masked completely (a position must see itself)?"
        elif leak > 1e-6:
            # what was measured, and both ways it happens: a heads merge without its transpose mixes
            # positions as surely as a missing mask does (the diagnosis above says which)
            msg = (f"changing the last token changed earlier outputs by up to {leak:.3g}: a later position reaches "
                   f"an earlier one, through the attention (the causal mask) or through a reshape that moves values "
                   f"between positions (heads split or merged without their transpose)")
        else:
            msg = None
        yield {"name": "causality", "status": "fail" if msg else "pass", "message": msg}
    except _Failed as exc:
        yield {"name": "causality", "status": "error", "message": str(exc)}
    name = "gradients reach every parameter"
    try:
        ans = _output(remote, i, x, grads=True)
        grads = [(n, wants, None if g is None else wire.decode(g)) for n, wants, g in ans["grads"]]
        dead = [n for n, wants, g in grads if wants and (not isinstance(g, wire.Array) or not np.any(g.values != 0))]
        bad = [n for n, _, g in grads if isinstance(g, wire.Array) and not np.isfinite(g.values).all()]
        msg = None
        if dead:
            msg = f"no gradient reaches: {', '.join(dead)} (a detach, a no_grad, or a parameter left unused?)"
        elif bad:
            msg = f"NaN or inf gradients in: {', '.join(bad)}"
        yield {"name": name, "status": "fail" if msg else "pass", "message": msg}
    except _Failed as exc:
        yield {"name": name, "status": "error", "message": str(exc), **({"raised": exc.raised} if exc.raised else {})}
        return
    if not passed or "x" not in ans:
        return
    # the gradient with respect to the input, the learner's against the reference's own (autograd on
    # the float64 reference): a forward whose values are right but part of which autograd never saw
    got = wire.decode(ans["x"])
    try:
        leaf = x64.clone().requires_grad_()
        ref_fn(leaf, frozenset(), None).pow(2).sum().backward()
        want = leaf.grad.numpy()
    except RuntimeError:
        return  # a reference autograd cannot differentiate: nothing to compare with
    name = "gradient with respect to x"
    if not isinstance(got, wire.Array) or got.values.shape != want.shape:
        yield {"name": name, "status": "fail", "message": "no gradient reaches the input x (is x detached, or the "
                                                          "forward run under torch.no_grad()?)"}
        return
    err = float(np.abs(got.values.astype(np.float64) - want).max())
    scale = max(1.0, float(np.abs(want).max()))
    tol = {"float64": 1e-9, "float32": 1e-4}.get(str(x.dtype).removeprefix("torch."), 1e-2)
    msg = None
    if not err <= tol * scale:
        msg = (f"measured: the gradient of sum(y**2) with respect to x differs from the reference's by up to "
               f"{err:.3g} (largest reference value {scale:.3g}) although the outputs match: part of the forward "
               f"is hidden from autograd (e.g. a .detach(), .data, or torch.no_grad() inside it)")
    yield {"name": name, "status": "fail" if msg else "pass", "message": msg}
