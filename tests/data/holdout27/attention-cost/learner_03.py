import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    for name, value in (("batch", batch), ("layers", layers), ("heads", heads), ("head_dim", head_dim), ("tokens", tokens)):
        assert value > 0, f"{name} must be positive"
    match bytes_per_element:
        case 1 | 2 | 4 | 8:
            elem_bytes = bytes_per_element
        case _:
            raise ValueError(f"unsupported bytes_per_element {bytes_per_element}")
    scores = torch.tensor([batch, heads, tokens, head_dim], dtype=torch.int64).prod().item()
    matmul_flops = scores * head_dim
    flops_per_layer = matmul_flops + matmul_flops
    return {"flops": flops_per_layer * layers, "memory_bytes": scores * elem_bytes}
