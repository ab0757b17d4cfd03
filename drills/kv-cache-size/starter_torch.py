import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    raise NotImplementedError("write kv_cache_bytes here")
