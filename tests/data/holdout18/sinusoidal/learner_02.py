import math
import torch


class Frequencies:
    def __init__(self, d, base=10000.0):
        self.d = d
        self.base = base

    @property
    def inv_freq(self):
        i = torch.arange(self.d // 2, dtype=torch.float64)
        return torch.exp(-math.log10(self.base) * 2 * i / self.d)


class SinusoidalTable:
    def __init__(self, T, d):
        self.T = T
        self.freqs = Frequencies(d)

    @property
    def angles(self):
        pos = torch.arange(self.T, dtype=torch.float64)
        return torch.outer(pos, self.freqs.inv_freq)

    def build(self):
        a = self.angles
        return torch.cat((torch.sin(a), torch.cos(a)), dim=-1)


def sinusoidal_encoding(T, d):
    return SinusoidalTable(T, d).build()
