def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, H, D, T = batch, layers, heads, tokens, head_dim
    flops_qk = 2 * B * H * T * T * D
    flops_av = flops_qk
    flops = L * (flops_qk + flops_av)
    mem = B * H * T * T * 2
    return dict(flops=flops, memory_bytes=mem)
