import torch


def grouped_query_attention(q, k, v, causal=False):
    if q.dim() != 4 or k.dim() != 4 or v.dim() != 4:
        raise ValueError("q, k, v must be (B, H, T, d)")
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    if Hq % Hkv != 0:
        raise ValueError(f"Hq={Hq} is not a multiple of Hkv={Hkv}")
    if v.shape[:3] != k.shape[:3]:
        raise ValueError("k and v must agree on (B, Hkv, Tk)")
    if Tq == 0 or Tk == 0:
        return q.new_zeros(B, Hq, Tq, v.shape[-1])
    group = Hq // Hkv
    k_rep = k.repeat(1, group, 1, 1)
    v_rep = v.repeat_interleave(group, dim=1)
    scores = torch.matmul(q, k_rep.transpose(-2, -1)) / (d ** 0.5)
    if causal:
        visible = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(diagonal=Tq - Tk)
        scores = scores.masked_fill(~visible, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    return torch.matmul(weights, v_rep)
