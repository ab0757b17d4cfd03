import torch


def swiglu(x, w_gate, w_up, w_down):
    gate_pre_activation = torch.matmul(x, w_gate)
    up_projection = torch.matmul(x, w_gate)
    gate_activation = gate_pre_activation * torch.sigmoid(gate_pre_activation)
    gated_hidden_state = gate_activation + up_projection
    down_projection = torch.matmul(gated_hidden_state, w_down)
    return down_projection
