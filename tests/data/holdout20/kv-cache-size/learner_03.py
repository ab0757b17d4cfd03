def _dims(config):
    n_layers = int(config["n_layers"])
    n_heads = int(config["n_heads"])
    n_kv_heads = int(config["n_kv_heads"])
    d_model = int(config["d_model"])
    assert d_model % n_heads == 0, "d_model must split evenly into heads"
    assert n_heads % n_kv_heads == 0, "n_heads must be a multiple of n_kv_heads"
    return n_layers, n_kv_heads, d_model // n_heads


def _elem_bytes(dtype):
    table = (("fp16", 2), ("bf16", 2), ("fp32", 4))
    found = [b for name, b in table if name == dtype]
    assert len(found) == 1, "unknown dtype %r" % dtype
    return found[0]


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers, n_kv_heads, d_head = _dims(config)
    per_token = n_layers * n_kv_heads * d_head
    elems = per_token * (tokens + 1) * batch
    total = elems * _elem_bytes(dtype)
    assert isinstance(total, int)
    return total
