import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    hidden_states = x
    gate_proj = torch.matmul(hidden_states, w_gate)
    up_proj = torch.matmul(hidden_states, w_gate)
    intermediate = torch.sigmoid(gate_proj) * up_proj
    down_proj = torch.matmul(intermediate, w_down)
    return down_proj
