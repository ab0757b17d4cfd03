BYTES_PER_DTYPE = {"fp16": 16, "bf16": 16, "fp32": 32}
K_AND_V = 2


def _head_dim(cfg):
    return cfg["d_model"] // cfg["n_heads"]


def _per_token_per_layer(cfg):
    return K_AND_V * cfg["n_heads"] * _head_dim(cfg)


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    width = BYTES_PER_DTYPE[dtype]
    per_layer = _per_token_per_layer(config) * tokens * batch
    return per_layer * config["n_layers"] * width
