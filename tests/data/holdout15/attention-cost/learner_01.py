def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    number_of_query_tokens = tokens
    number_of_key_tokens = tokens
    multiply_adds_for_scores = number_of_query_tokens * number_of_key_tokens * head_dim
    multiply_adds_for_weighted_values = number_of_query_tokens * number_of_key_tokens * head_dim
    flops_per_multiply_add = 2
    flops_per_head = flops_per_multiply_add * (multiply_adds_for_scores + multiply_adds_for_weighted_values)
    flops_per_layer = flops_per_head * heads * batch
    total_flops = flops_per_layer * layers
    elements_in_one_layer_scores = batch * heads * number_of_query_tokens * number_of_key_tokens
    memory_in_bytes = elements_in_one_layer_scores * bytes_per_element * layers
    result = {"flops": total_flops, "memory_bytes": memory_in_bytes}
    return result
