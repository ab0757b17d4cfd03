"""The KV cache, laid out as in Meta's Llama: per layer (batch, max_seq, n_kv_heads, head_dim),
written at start_pos; keys are stored after RoPE and before the GQA repeat. With a sliding
window it is Mistral's rolling buffer: slot = position % window."""

from __future__ import annotations

import torch


class KVCache:
    def __init__(self, n_layers: int, batch: int, max_seq: int, n_kv_heads: int, head_dim: int,
                 dtype=torch.float32, device=None, window: int | None = None):
        self.window = window
        slots = min(max_seq, window) if window else max_seq
        self.max_seq = max_seq
        shape = (batch, slots, n_kv_heads, head_dim)
        self.k = [torch.zeros(shape, dtype=dtype, device=device) for _ in range(n_layers)]
        self.v = [torch.zeros(shape, dtype=dtype, device=device) for _ in range(n_layers)]
        # the absolute position held in each slot (-1: empty), shared by all layers
        self.pos = torch.full((slots,), -1, dtype=torch.long, device=device)

    @property
    def slots(self) -> int:
        return self.pos.shape[0]

    def update(self, layer: int, start_pos: int, k: torch.Tensor, v: torch.Tensor):
        """Write k, v (B, T, n_kv, hd) for positions start_pos.. and return what attention needs:
        keys, values (B, L, n_kv, hd) and their absolute positions (L,)."""
        T = k.shape[1]
        if start_pos + T > self.max_seq:
            raise ValueError(f"KV cache full: position {start_pos + T - 1} >= max_seq {self.max_seq}")
        if self.window is None:
            self.k[layer][:, start_pos:start_pos + T] = k
            self.v[layer][:, start_pos:start_pos + T] = v
            if layer == 0:
                self.pos[start_pos:start_pos + T] = torch.arange(start_pos, start_pos + T, device=self.pos.device)
            end = start_pos + T
            return self.k[layer][:, :end], self.v[layer][:, :end], self.pos[:end]
        # rolling buffer: a chunk longer than the window still needs its own keys for attention,
        # so attend over [old buffer + new chunk] and keep only the last `window` in the buffer
        old_k, old_v, old_pos = self.k[layer].clone(), self.v[layer].clone(), self.pos.clone()
        positions = torch.arange(start_pos, start_pos + T, device=self.pos.device)
        keep = positions[-self.slots:]
        slots = keep % self.slots
        self.k[layer][:, slots] = k[:, -self.slots:]
        self.v[layer][:, slots] = v[:, -self.slots:]
        if layer == self._last_layer():
            self.pos[slots] = keep
        return (torch.cat((old_k, k), dim=1), torch.cat((old_v, v), dim=1), torch.cat((old_pos, positions)))

    def _last_layer(self) -> int:
        return len(self.k) - 1

    def nbytes(self) -> int:
        return sum(t.numel() * t.element_size() for t in (*self.k, *self.v))
