import math
from typing import Final, Protocol

import torch
from torch import Tensor


class Activation(Protocol):
    def __call__(self, z: Tensor) -> Tensor: ...


class Affine(Protocol):
    def __call__(self, x: Tensor, w: Tensor, b: Tensor) -> Tensor: ...


def gelu_erf(z: Tensor) -> Tensor:
    return 0.5 * z * (1.0 + torch.erf(z / math.sqrt(2.0)))


def affine(x: Tensor, w: Tensor, b: Tensor) -> Tensor:
    return x @ w + b


ACT: Final[Activation] = gelu_erf
LINEAR: Final[Affine] = affine


def mlp(x: Tensor, w1: Tensor, b1: Tensor, w2: Tensor, b2: Tensor) -> Tensor:
    return LINEAR(ACT(LINEAR(x, w1, b1)), w2, b2)
