import torch


class AlibiSlopes:
    def __init__(self, n_heads):
        self.n_heads = n_heads

    @property
    def exponents(self):
        return torch.arange(0, self.n_heads, dtype=torch.float64) * (8.0 / self.n_heads)

    @property
    def values(self):
        return torch.pow(2.0, -self.exponents)


class DistanceMatrix:
    def __init__(self, T):
        self.T = T

    def build(self):
        pos = torch.arange(self.T, dtype=torch.float64)
        return (pos[:, None] - pos[None, :]).abs()


class Alibi:
    def __init__(self, n_heads, T):
        self.slopes = AlibiSlopes(n_heads)
        self.distance = DistanceMatrix(T)

    def bias(self):
        return -self.slopes.values[:, None, None] * self.distance.build()[None, :, :]


def alibi_bias(n_heads, T):
    return Alibi(n_heads, T).bias()
