import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = torch.einsum("...d,dh->...h", x, w_gate)
    up = torch.einsum("...d,dh->...h", x, w_up)
    act = up * torch.sigmoid(up)
    return torch.einsum("...h,hd->...d", act + up, w_down)
