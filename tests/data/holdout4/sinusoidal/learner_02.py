import torch


def sinusoidal_encoding(T, d):
    """Sinusoidal positional encoding: see TASK.md."""
    position = torch.arange(T, dtype=torch.float64).unsqueeze(1)
    div_term = torch.pow(10000.0, torch.arange(0, d, 2, dtype=torch.float64) / d)
    angles = position / div_term
    return torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
