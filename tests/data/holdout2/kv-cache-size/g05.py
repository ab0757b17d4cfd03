import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    elt = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}[dtype]
    nbytes = torch.finfo(elt).bits // 8
    head_dim = config["d_model"] // config["n_heads"]
    k_and_v = 2 * config["n_layers"] * config["n_kv_heads"] * head_dim
    total = k_and_v * tokens * batch * nbytes
    return round(total / 1024 ** 3, 2)
