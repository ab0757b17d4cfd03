import numpy as np

BYTES_PER_ELEMENT_BY_DTYPE = {"fp16": 2, "bf16": 2, "fp32": 4}
TENSORS_PER_LAYER = 2  # one K cache and one V cache


def get_head_dimension(config):
    return config["d_model"] // config["n_heads"]


def get_bytes_per_element(dtype_name):
    if dtype_name not in BYTES_PER_ELEMENT_BY_DTYPE:
        raise ValueError(f"unknown dtype {dtype_name}")
    return BYTES_PER_ELEMENT_BY_DTYPE[dtype_name]


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    number_of_layers = config["n_layers"]
    number_of_kv_heads = config["n_kv_heads"]
    head_dimension = get_head_dimension(config)
    elements_per_token = TENSORS_PER_LAYER * number_of_layers * number_of_kv_heads * head_dimension
    total_elements = elements_per_token * tokens * batch
    return int(total_elements * get_bytes_per_element(dtype))
