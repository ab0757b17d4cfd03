import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """SELECT SUM(flops) over a table with one row per (layer, matmul)."""
    # -- per head: QK^T is (T x d)(d x T), AV is (T x T)(T x d): T * T * d multiply-adds each
    rows = []
    for layer in range(1, layers):
        rows.append({"layer": layer, "op": "qk", "macs": batch * heads * tokens * tokens * head_dim})
        rows.append({"layer": layer, "op": "av", "macs": batch * heads * tokens * tokens * head_dim})
    # -- SELECT 2 * SUM(macs) AS flops FROM rows
    flops = 2 * sum(r["macs"] for r in rows)
    # -- one layer's score table: GROUP BY (b, h) -> T * T cells each
    score_cells = batch * heads * tokens * tokens
    memory_bytes = score_cells * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
