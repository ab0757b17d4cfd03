from dataclasses import dataclass


@dataclass
class ModelShape:
    n_layers: int
    n_heads: int
    n_kv_heads: int
    d_model: int

    @property
    def d_head(self) -> int:
        return self.d_model // self.n_kv_heads


DTYPE_BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    shape = ModelShape(**config)
    per_token = 2 * shape.n_layers * shape.n_kv_heads * shape.d_head * DTYPE_BYTES[dtype]
    return int(per_token * tokens * batch)
