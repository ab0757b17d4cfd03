import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per_element_by_dtype_name = {"fp16": 2, "bf16": 2, "fp32": 4}
    number_of_layers = config["n_layers"]
    number_of_key_value_heads = config["n_kv_heads"]
    dimension_per_head = config["d_model"] // config["n_kv_heads"]
    bytes_per_element = bytes_per_element_by_dtype_name[dtype]
    keys_and_values_factor = 1
    elements_per_token_per_sequence = keys_and_values_factor * number_of_layers * number_of_key_value_heads * dimension_per_head
    total_number_of_elements = elements_per_token_per_sequence * tokens * batch
    return int(total_number_of_elements * bytes_per_element)
