import torch


def swiglu(x, w_gate, w_up, w_down):
    a = torch.einsum("...d,dh->...h", x, w_gate)
    b = torch.einsum("...d,dh->...h", x, w_up)
    act = torch.sigmoid(a)
    h = act * b
    return torch.einsum("...h,hd->...d", h, w_down).float()
