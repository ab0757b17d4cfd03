import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    # MATLAB: mu = mean(X, 2); sigma2 = mean((X - mu).^2, 2)
    shape = x.shape
    d = shape[-1]
    X = np.reshape(x, (-1, d))  # one token per row
    ones_col = np.ones((d, 1), dtype=x.dtype)  # column vector of ones
    mu = np.dot(X, ones_col) / d  # (n, 1)
    Xc = X - mu
    sigma2 = np.dot(Xc * Xc, ones_col) / d  # (n, 1)
    Y = Xc / (np.sqrt(sigma2) + eps)
    G = np.reshape(gamma, (1, d))  # row vectors
    B = np.reshape(beta, (1, d))
    return np.reshape(Y * B + G, shape)
