import torch


def rms_norm(x, gamma, eps=1e-6):
    # RMSNorm rescales each vector by its root-mean-square, with no mean subtraction.
    # 1. mean of the squares over the feature (last) dimension
    mean_sq = (x * x).mean(dim=-1, keepdim=True)
    # 2. the root mean square, with eps inside the square root for stability
    rms = torch.sqrt(mean_sq + 1e-5)
    # 3. normalise, then apply the learned per-feature gain
    normed = x.div_(rms)
    return normed * gamma
