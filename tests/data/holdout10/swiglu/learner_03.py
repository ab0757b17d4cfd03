import torch


def swiglu(x, w_gate, w_up, w_down):
    a = torch.einsum("...d,dh->...h", x, w_gate)
    b = torch.einsum("...d,dh->...h", x, w_up)
    swish = a / 1.0 + torch.exp(-a)
    return torch.einsum("...h,hd->...d", swish * a, w_down)
