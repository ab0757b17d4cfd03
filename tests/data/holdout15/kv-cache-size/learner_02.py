def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    number_of_layers = config["n_layers"]
    number_of_query_heads = config["n_heads"]
    number_of_kv_heads = config["n_kv_heads"]
    model_width = config["d_model"]
    head_dimension = model_width // number_of_kv_heads
    if dtype == "fp32":
        bytes_per_value = 4
    else:
        bytes_per_value = 2
    keys_and_values = 2
    values_per_token = keys_and_values * number_of_layers * number_of_kv_heads * head_dimension
    total_values = values_per_token * tokens * batch
    total_bytes = total_values * bytes_per_value
    return int(total_bytes)
