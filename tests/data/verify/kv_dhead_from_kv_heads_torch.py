import torch


def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):
    n_kv = config["n_kv_heads"]
    head_dim = config["d_model"] // n_kv
    nbytes = torch.tensor([], dtype=torch.float32 if dtype == "fp32" else torch.float16).element_size()
    return 2 * config["n_layers"] * n_kv * head_dim * nbytes * tokens * batch
