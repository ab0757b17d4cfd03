import numpy as np


def make_bytes_lookup():
    table = {"fp16": 2, "bf16": 2, "fp32": 4}

    def lookup(dtype):
        return table[dtype]

    return lookup


def make_head_dim(config):
    def head_dim():
        return config["d_model"] // config["n_heads"]

    return head_dim


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_of = make_bytes_lookup()
    head_dim = make_head_dim(config)
    per_token = 2 * config["n_layers"] * config["n_kv_heads"] * head_dim() * bytes_of(dtype)
    return int(per_token * tokens * batch)
