import torch


def swiglu(x, w_gate, w_up, w_down):
    # %% [1] the two parallel projections
    s1_gate = torch.matmul(x, w_gate)
    s1_up = torch.matmul(x, w_up)
    # %% [2] SiLU on the gate: z * sigmoid(z)
    s2_act = s1_gate * torch.sigmoid(s1_gate)
    # %% [3] gated product
    s3_h = s1_gate * s1_up
    # %% [4] project back down
    s4_out = torch.matmul(s3_h, w_down).float()
    return s4_out
