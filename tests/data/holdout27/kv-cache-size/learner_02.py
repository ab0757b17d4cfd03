import torch


class KVCacheCalculator:
    WIDTH = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}

    def __init__(self, config):
        self.n_layers = config["n_layers"]
        self.n_kv_heads = config["n_kv_heads"]
        self.d_head = config["d_model"] / config["n_heads"]

    def element_bytes(self, dtype):
        return torch.empty(0, dtype=self.WIDTH[dtype]).element_size()

    def __call__(self, tokens, batch, dtype):
        per_layer = self.n_kv_heads * self.d_head * tokens * batch
        return self.n_layers * per_layer * self.element_bytes(dtype)


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    return KVCacheCalculator(config)(tokens, batch, dtype)
