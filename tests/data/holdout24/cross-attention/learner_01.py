import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    # the decoder stream taps the encoder buffer: project both
    q = torch.matmul(x, w_q).view(B, T, n_heads, hd).transpose(1, 2)
    k = torch.matmul(memory, w_k).view(B, S, n_heads, hd).transpose(1, 2)
    v = torch.matmul(memory, w_v).view(B, S, n_heads, hd).transpose(1, 2)
    gain = hd ** 0.5
    score = torch.matmul(q, k.transpose(-1, -2)).mul_(gain)
    if memory_mask is not None:
        gate = memory_mask[:, None, None, :]
        score.masked_fill_(~gate, float("-inf"))
    peak = score.amax(dim=-1, keepdim=True)
    peak.masked_fill_(torch.isinf(peak), 0.0)
    score.sub_(peak).exp_()
    energy = score.sum(dim=-1, keepdim=True)
    energy.masked_fill_(energy == 0, 1.0)
    y = torch.matmul(score.div_(energy), v)
    y = y.reshape(B, T, d)
    return torch.matmul(y, w_o)
