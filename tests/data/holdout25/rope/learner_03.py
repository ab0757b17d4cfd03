import torch


def apply_rope(x, positions=None, base=10000.0):
    sequence_length = x.shape[-2]
    embedding_dimension = x.shape[-1]
    if positions is None:
        positions = torch.arange(sequence_length)
    pair_indices = torch.arange(0, embedding_dimension, 2, dtype=torch.float64)
    rotation_frequencies = 1.0 / (10000.0 ** (pair_indices / embedding_dimension))
    rotation_angles = positions.to(torch.float64).unsqueeze(-1) * rotation_frequencies
    cosine_of_angles = torch.cos(rotation_angles).to(x.dtype)
    sine_of_angles = torch.sin(rotation_angles).to(x.dtype)
    even_components = x[..., 0::2]
    odd_components = x[..., 1::2]
    rotated = torch.empty_like(x)
    rotated[..., 0::2] = even_components * cosine_of_angles - odd_components * sine_of_angles
    rotated[..., 1::2] = odd_components * cosine_of_angles - even_components * sine_of_angles
    return rotated
