import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    hidden = F.silu(torch.einsum("...d,dh->...h", x, w_gate)) * torch.einsum("...d,dh->...h", x, w_up)
    return torch.einsum("...h,hd->...d", hidden, w_down)
