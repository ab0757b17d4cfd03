import torch


def rms_norm(x, gamma, eps=1e-6):
    input_dtype = x.dtype
    hidden_states = x.to(torch.promote_types(input_dtype, torch.float32))
    variance = hidden_states.var(-1, keepdim=True, unbiased=False)
    hidden_states = hidden_states * torch.rsqrt(variance + eps)
    return (gamma * hidden_states).to(input_dtype)
