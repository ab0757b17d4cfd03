import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = torch.matmul(x, w_gate)
    up = torch.matmul(x, w_up)
    sig = torch.sigmoid_(gate)
    gate.mul_(sig)  # silu, in the gate's own buffer
    gate.mul_(up)  # times the up projection, same buffer
    out = torch.empty(*x.shape[:-1], w_down.shape[1], dtype=x.dtype)
    torch.matmul(gate, w_down, out=out)
    return out.float()
