"""The pre-norm TransformerBlock module drill (loaded by the grading worker from this folder):
reference weights copied into the learner's LayerNorms and Linears, the output compared with the
seed's block, and a failure localised to the first stage that differs (ln1, the attention before its
projection, ln2, the MLP's hidden)."""

import torch

from engine.norms import layer_norm
from studyxf.grading import families as fam
from studyxf.grading.module_drill import attention_child, find_mlp, find_norms, load_reference

SLIPS = ["post-norm", "no-residual", "no-residual-attn", "no-residual-mlp", "gelu-tanh", "mlp-relu", "gelu-quick",
         *fam.SCALE_SLIPS, "mask-future", "mask-ignored", "mask-diagonal", "masked-row-nan", "softmax-axis", "heads-no-transpose", "no-output-projection", "ln-shared", "residual-after-norm"]
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
    if "no-residual" in slips:
        return ffn(n2(attend(n1(x))))
    if "residual-after-norm" in slips:  # the residual taken from the normalised x: ln(x) + f(ln(x))
        h = n1(x)
        x = h + attend(h)
        h = n2(x)
        return h + ffn(h)
    a = attend(n1(x))
    x = a if "no-residual-attn" in slips else x + a
    m = ffn(n2(x))
    return m if "no-residual-mlp" in slips else x + m


def load(module, d, h, seed):
    """Weights into the learner's block; returns ref(x, slips, trace) and the layers to tap."""
    g = torch.Generator().manual_seed(seed)
    ln1, ln2 = find_norms(module, d)
    attn_layers = attention_child(module, d)
    up, down = find_mlp(module, d, {id(m) for m in attn_layers.values()})
    attn_w = load_reference(attn_layers, d, seed + 1)
    norm_p, mlp_w = [], []
    with torch.no_grad():
        for ln in (ln1, ln2):
            gamma = 1 + 0.1 * torch.randn(d, generator=g, dtype=F64)
            beta = 0.1 * torch.randn(d, generator=g, dtype=F64)
            if ln.weight is not None:
                ln.weight.copy_(gamma)
            if ln.bias is not None:
                ln.bias.copy_(beta)
            norm_p.append((gamma if ln.weight is not None else torch.ones(d, dtype=F64),
                           beta if ln.bias is not None else None, ln.eps))
        for lin in (up, down):
            w = torch.randn(*lin.weight.shape, generator=g, dtype=F64) * lin.weight.shape[1] ** -0.5
            lin.weight.copy_(w)
            b = None
            if lin.bias is not None:
                b = 0.1 * torch.randn(lin.weight.shape[0], generator=g, dtype=F64)
                lin.bias.copy_(b)
            mlp_w += [w, b]

    def cast(t, dtype):
        return None if t is None else t.to(dtype)

    def ref(x, slips=frozenset(), trace=None):
        lns = [(p[0].to(x.dtype), cast(p[1], x.dtype), p[2]) for p in norm_p]
        return block(x, lns[0], lns[1], [cast(t, x.dtype) for t in attn_w], [cast(t, x.dtype) for t in mlp_w], h,
                     slips, trace)

    qkv = attn_layers["qkv"] if "qkv" in attn_layers else attn_layers["q"]
    return ref, [(fam.ATTN_IN, qkv), (fam.ATTN_PRE_PROJ, attn_layers["out"]), (MLP_IN, up), (MLP_HIDDEN, down)]
