"""The pre-norm TransformerBlock module drill (loaded by the grading worker from this folder):
reference weights copied into the learner's LayerNorms and Linears, the output compared with the
seed's block, and a failure localised to the first stage that differs (ln1, the attention before its
projection, ln2, the MLP's hidden)."""

import torch

from engine.norms import layer_norm
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.module_drill import (CONFIGS as BASE_CONFIGS, LayoutError, attention_child, attention_layout,
                                          attention_tensors, copy_in, find_mlp, find_norms, qkv_input)

SLIPS = ["post-norm", "post-norm:attn", "post-norm:mlp", "no-residual", "no-residual-attn", "no-residual-mlp", "gelu-tanh", "mlp-relu", "gelu-quick",
         *fam.SCALE_SLIPS, "mask-diagonal:future", "mask-inverted:diagonal", "mask-ignored", "mask-diagonal", "masked-row-nan", *fam.SOFTMAX_SLIPS, "heads-no-transpose", "no-output-projection", "ln-shared", "residual-after-norm",
         "block-parallel", "block-final-norm", "norm-skipped:attn", "norm-skipped:mlp"]
# the task names mlp_ratio: one config builds the block with another, so a width hard-coded as 4 * d fails
CONFIGS = [*BASE_CONFIGS, (32, 4, 2, 5, torch.float32, {"mlp_ratio": 2})]
MLP_IN, MLP_HIDDEN = "the MLP's input (ln2's output)", "the MLP's hidden (after the activation)"
F64 = torch.float64


def block(x, ln1, ln2, attn, mlp_w, n_heads, slips=frozenset(), trace=None):
    """x + attn(ln1(x)), then x + mlp(ln2(x)); ln = (gamma, beta, eps); weights as nn.Linear stores them."""
    def n1(t):
        return layer_norm(t, *ln1)

    def n2(t):
        return layer_norm(t, *(ln1 if "ln-shared" in slips else ln2))

    def attend(t):
        return fam.fused_attention(t, *attn, n_heads, slips, trace)

    def ffn(t):
        w1, b1, w2, b2 = mlp_w
        if trace is not None:
            trace[MLP_IN] = t
        z = fam.gelu(t @ w1.T + (b1 if b1 is not None else 0), slips)
        if trace is not None:
            trace[MLP_HIDDEN] = z
        return z @ w2.T + (b2 if b2 is not None else 0)

    if "post-norm" in slips:
        x = n1(x + attend(x))
        return n2(x + ffn(x))
    if "post-norm:attn" in slips:  # one sublayer post-norm, the other pre-norm
        x = n1(x + attend(x))
        return x + ffn(n2(x))
    if "post-norm:mlp" in slips:
        x = x + attend(n1(x))
        return n2(x + ffn(x))
    if "no-residual" in slips:
        return ffn(n2(attend(n1(x))))
    if "residual-after-norm" in slips:  # the residual taken from the normalised x: ln(x) + f(ln(x))
        h = n1(x)
        x = h + attend(h)
        h = n2(x)
        return h + ffn(h)
    if "block-parallel" in slips:  # GPT-J's parallel form: both sublayers read the same x
        return x + attend(n1(x)) + ffn(n2(x))
    a = attend(x if "norm-skipped:attn" in slips else n1(x))  # (a sub-layer fed the raw stream: its norm unused)
    x = a if "no-residual-attn" in slips else x + a
    m = ffn(x if "norm-skipped:mlp" in slips else n2(x))
    out = m if "no-residual-mlp" in slips else x + m
    if "block-final-norm" in slips:  # a third LayerNorm on the output (the model's ln_f, put in the block)
        out = layer_norm(out, torch.ones(out.shape[-1], dtype=out.dtype), torch.zeros(out.shape[-1], dtype=out.dtype))
    return out


def layout(module, d, mlp_ratio=4):
    """Sandbox side: the learner's two norms, attention layers and MLP, and what of them the
    reference needs to know (which weights and biases exist, the norms' eps, the MLP's width)."""
    ln1, ln2 = find_norms(module, d)
    attn_layers = attention_child(module, d)
    up, down = find_mlp(module, d, {id(m) for m in attn_layers.values()})
    if up.weight.shape[0] != mlp_ratio * d:  # the hidden width the task names: mlp_ratio * d_model
        built = f"TransformerBlock({d}, n_heads" + (f", mlp_ratio={mlp_ratio})" if mlp_ratio != 4 else ")")
        raise LayoutError(f"the MLP's hidden layer has {up.weight.shape[0]} units; {built} has mlp_ratio = "
                          f"{mlp_ratio}: Linear({d}, {mlp_ratio * d}) -> GELU -> Linear({mlp_ratio * d}, {d})"
                          + (" (a width written as 4 * d_model ignores mlp_ratio)"
                             if up.weight.shape[0] == 4 * d else ""))
    plain = {"attention": attention_layout(attn_layers),
             "norms": [{"weight": ln.weight is not None, "bias": ln.bias is not None, "eps": ln.eps} for ln in (ln1, ln2)],
             "mlp": [{"shape": list(lin.weight.shape), "bias": lin.bias is not None} for lin in (up, down)]}
    return plain, {"norms": (ln1, ln2), "attention": attn_layers, "mlp": (up, down)}


def tensors(layout, d, seed):
    """The reference weights for that layout (the same in the sandbox and the judge)."""
    g = torch.Generator().manual_seed(seed)
    attn = attention_tensors(layout["attention"], d, seed + 1)
    norms, mlp = [], []
    for spec in layout["norms"]:
        gamma = 1 + 0.1 * torch.randn(d, generator=g, dtype=F64)
        beta = 0.1 * torch.randn(d, generator=g, dtype=F64)
        norms.append((gamma if spec["weight"] else torch.ones(d, dtype=F64), beta if spec["bias"] else None,
                      spec["eps"]))
    for spec in layout["mlp"]:
        out_f, in_f = spec["shape"]
        w = torch.randn(out_f, in_f, generator=g, dtype=F64) * in_f ** -0.5
        b = 0.1 * torch.randn(out_f, generator=g, dtype=F64) if spec["bias"] else None
        mlp += [w, b]
    return {"attention": attn, "norms": norms, "mlp": mlp}


def install(handles, layout, d, seed):
    w = tensors(layout, d, seed)
    for key, (weight, bias) in w["attention"]["per_layer"].items():
        copy_in(handles["attention"][key], weight, bias)
    for ln, (gamma, beta, _) in zip(handles["norms"], w["norms"]):
        copy_in(ln, gamma, beta)
    for i, lin in enumerate(handles["mlp"]):
        copy_in(lin, w["mlp"][2 * i], w["mlp"][2 * i + 1])


def stages(handles):
    attn = handles["attention"]
    up, down = handles["mlp"]
    return [(fam.ATTN_IN, qkv_input(attn)), (fam.ATTN_PRE_PROJ, attn["out"]), (MLP_IN, up), (MLP_HIDDEN, down)]


def reference(layout, d, h, seed):
    """Judge side: ref(x, slips, trace), the seed's block with the same weights."""
    w = tensors(layout, d, seed)

    def cast(t, dtype):
        return None if t is None else t.to(dtype)

    def ref(x, slips=frozenset(), trace=None):
        lns = [(p[0].to(x.dtype), cast(p[1], x.dtype), p[2]) for p in w["norms"]]
        return block(x, lns[0], lns[1], [cast(t, x.dtype) for t in w["attention"]["fused"]],
                     [cast(t, x.dtype) for t in w["mlp"]], h, slips, trace)

    return ref
