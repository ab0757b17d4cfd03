import torch


def grouped_query_attention(q, k, v, causal=False):
    b, hq, tq, d = q.shape
    hkv, tk = k.shape[1], k.shape[2]
    group = hq // hkv
    outs = []
    for j in range(hq):
        kh = k[:, j // group]
        vh = v[:, j // hkv]
        scores = q[:, j] @ kh.transpose(-1, -2) / d ** 0.5
        if causal:
            i = torch.arange(tq).unsqueeze(1)
            jj = torch.arange(tk).unsqueeze(0)
            scores = scores.masked_fill(jj >= i + (tk - tq), float("-inf"))
        w = torch.softmax(scores, dim=-1)
        w = torch.where(torch.isnan(w), torch.zeros_like(w), w)
        outs.append(w @ vh)
    return torch.stack(outs, dim=1)
