"""The fresh sandbox's side of a module drill: build the learner's module, describe its layers as
data, take the weights the judge chose, run it (the inputs of the layers the judge names captured),
and its gradients. The judge maps the layers and decides (module_drill.py)."""

from __future__ import annotations


def answer(server, ask: dict) -> dict:
    import torch

    from studyxf.grading.sandbox import guards
    from studyxf.grading import wire

    op, i = ask["op"], ask["i"]
    if op == "module":  # build config i: the learner's class called as the task says
        with guards.time_limit():
            module = server.fn(ask["d"], ask["h"], **ask.get("kwargs", {}))
        module = module.to(getattr(torch, ask["dtype"])).eval()  # dropout off: the comparison is deterministic
        server.modules[i] = module
        return {"modules": describe(module)}
    if op == "module_patched":  # the learner's file as the judge edited it: config i built, loaded and run
        cls = server.edited(ask["source"])
        with guards.time_limit():
            module = cls(ask["d"], ask["h"], **ask.get("kwargs", {})).to(getattr(torch, ask["dtype"])).eval()
            load(module, {name: server.value(v) for name, v in ask["weights"].items()})
            if ask.get("trace"):  # the copy's forward, each line's locals recorded (the judge's stepwise.py)
                return _traced(server, module, server.value(ask["x"]))
            with torch.no_grad():
                return {"ok": wire.encode(module(server.value(ask["x"])))}
    module = server.modules[i]
    if "weights" in ask:
        load(module, {name: server.value(v) for name, v in ask["weights"].items()})
    x = server.value(ask["x"])
    if op == "module_run":
        taps = Taps({stage: module.get_submodule(name) for stage, name in ask.get("taps", {}).items()})
        try:
            with torch.no_grad(), guards.time_limit():
                out = module(x)
        finally:
            taps.close()
        return {"ok": wire.encode(out), "taps": {k: wire.encode(v) for k, v in taps.seen.items()}}
    if op == "module_grads":  # the gradient of sum(y^2) for every parameter (None: none reached it)
        # through autograd's own functions, bound before the learner's file was imported
        # (calls.BOUND): a .grad the module writes itself, or a replaced backward, is not read
        from studyxf.grading.sandbox.calls import BOUND, bind

        if not BOUND:
            bind(torch)

        params = list(BOUND["named_parameters"](module))
        x = BOUND["requires_grad_"](BOUND["clone"](BOUND["detach"](x)))
        wanted = [x, *(p for _, p in params if p.requires_grad)]
        with guards.time_limit():
            y = module(x)
            if not isinstance(y, BOUND["Tensor"]) or not y.requires_grad:
                found = [None] * len(wanted)
            else:
                found = list(BOUND["grad"](BOUND["sum"](BOUND["pow"](y, 2)), wanted, allow_unused=True))
        x_grad, rest = found[0], iter(found[1:])
        grads = {name: next(rest) for name, p in params if p.requires_grad}
        return {"grads": [[name, p.requires_grad, None if grads.get(name) is None else wire.encode(grads[name])]
                          for name, p in params],
                "x": wire.encode(x_grad)}
    if op == "module_trace":  # the forward again, each line's locals recorded (trace.py)
        return _traced(server, module, x)
    return {"raised": {"kind": "other", "type": "ValueError", "text": f"unknown request {op!r}"}}


def _traced(server, module, x) -> dict:
    """The module's forward on x run under trace.py's Tracer: what each line of the file left."""
    import torch

    from studyxf.grading.sandbox.trace import Tracer

    tracer = Tracer(server.path)
    try:
        with torch.no_grad():
            tracer.run(lambda: module(x))
    except Exception:  # noqa: BLE001 - where it raised is part of the trace
        pass
    return {"trace": tracer.as_data()}


def describe(module) -> list[dict]:
    """Every submodule in registration order: its name, and for the layers the graders map
    (nn.Linear, nn.LayerNorm) what they are; anything else only by its name."""
    from torch import nn

    out = []
    for name, m in module.named_modules():
        item = {"name": name, "type": type(m).__name__}
        if isinstance(m, nn.Linear):
            item.update(kind="Linear", shape=list(m.weight.shape), bias=m.bias is not None)
        elif isinstance(m, nn.LayerNorm):
            item.update(kind="LayerNorm", shape=list(m.normalized_shape), eps=float(m.eps),
                        weight=m.weight is not None, bias=m.bias is not None)
        out.append(item)
    return out


def load(module, weights: dict) -> None:
    """The judge's weights, by parameter name, copied into the learner's parameters."""
    import torch

    with torch.no_grad():
        for name, value in weights.items():
            module.get_parameter(name).copy_(value)


class Taps:
    """Forward hooks capturing the input of some of the learner's layers, by stage name."""

    def __init__(self, stages: dict):
        self.seen: dict = {}
        self.handles = [m.register_forward_hook(self._hook(name)) for name, m in stages.items()]

    def _hook(self, name):
        def hook(_module, inputs, _output):
            import torch

            if name not in self.seen and inputs and isinstance(inputs[0], torch.Tensor):
                self.seen[name] = inputs[0].detach().clone()
        return hook

    def close(self):
        for h in self.handles:
            h.remove()
