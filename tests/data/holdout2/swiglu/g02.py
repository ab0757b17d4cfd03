import torch


def swiglu(x, w_gate, w_up, w_down):
    g = torch.einsum("...d,dh->...h", x, w_gate)
    u = torch.einsum("...d,dh->...h", x, w_up)
    return torch.einsum("...h,hd->...d", g * torch.sigmoid(g) * u, w_down)
