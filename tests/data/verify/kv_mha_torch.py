import torch


def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):
    heads = config["n_heads"]
    head_dim = config["d_model"] // heads
    nbytes = torch.tensor([], dtype=torch.float32 if dtype == "fp32" else torch.float16).element_size()
    return 2 * config["n_layers"] * heads * head_dim * nbytes * tokens * batch
