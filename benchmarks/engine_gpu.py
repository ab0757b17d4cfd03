"""GPU figures for the engine (run by benchmarks/gpu.sh; needs only torch and numpy):

- the engine's SDPA path against calling torch's flash SDPA directly, bf16, T = 4096 and 16384,
  in TFLOP/s beside the chip's peak (target: the engine keeps >= 0.95x);
- the tiled path's throughput as a ratio to flash SDPA (no target yet);
- both against the device's own bf16 matmul rate, measured here (8192^3, the dense ceiling an
  attention kernel is built from), and the vendor's dense peak where the chip is known;
- the shipped Triton drill solution (drills/flash-attention-triton/solution.py) against flash SDPA,
  causal T = 4096, d = 128, bf16, with triton.testing.do_bench medians (issue 31's target: >= 0.7x
  on an H100/H200 class GPU). Needs the kernels extra (triton); skipped with a line without it.

Times are CUDA-event medians; each pair is measured side by side in this one run.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: E402

from engine.attention import sdpa_attention, tiled_attention  # noqa: E402

PEAK_BF16_TFLOPS = {"H100": 989.0, "H200": 989.0, "A100": 312.0, "L4": 121.0}  # dense, vendor sheets


def cuda_time(fn, runs=10, warmup=3):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(end) / 1000)
    return statistics.median(samples)


def main():
    if not torch.cuda.is_available():
        print("no CUDA device: nothing to measure")
        return
    name = torch.cuda.get_device_name()
    peak = next((v for k, v in PEAK_BF16_TFLOPS.items() if k in name), None)
    print(f"device: {name}; torch {torch.__version__}; bf16 dense peak (vendor sheet): {peak or 'unknown'} TFLOP/s")
    n = 8192
    a, b = (torch.randn(n, n, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    mm = 2 * n ** 3 / cuda_time(lambda: a @ b, runs=20, warmup=5) / 1e12
    del a, b
    print(f"bf16 matmul {n}x{n}x{n}: {mm:.0f} TFLOP/s measured")
    for T in (4096, 16384):
        B, H, D = (4, 16, 128) if T == 4096 else (1, 16, 128)
        q, k, v = (torch.randn(B, H, T, D, device="cuda", dtype=torch.bfloat16) for _ in range(3))
        flops = 4 * B * H * T * T * D / 2  # causal: half the matrix is computed

        def direct():
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                return F.scaled_dot_product_attention(q, k, v, is_causal=True)

        def ours():
            return sdpa_attention(q, k, v, causal=True, backend="flash")

        ratios, t_direct, t_ours = [], [], []
        for _ in range(5):
            a, b = cuda_time(direct), cuda_time(ours)
            t_direct.append(a)
            t_ours.append(b)
            ratios.append(a / b)
        td, to = statistics.median(t_direct), statistics.median(t_ours)
        r = statistics.median(ratios)
        share = f" = {flops / to / 1e12 / peak:.0%} of peak" if peak else ""
        print(f"T={T} (B={B}, H={H}, D={D}, causal): flash SDPA {flops / td / 1e12:.0f} TFLOP/s; engine SDPA path "
              f"{flops / to / 1e12:.0f} TFLOP/s = {flops / to / 1e12 / mm:.0%} of the measured matmul rate{share}; "
              f"engine/direct throughput {r:.3f}x (target >= 0.95x) {'OK' if r >= 0.95 else 'UNDER'}")
        tt = cuda_time(lambda: tiled_attention(q, k, v, causal=True, block_q=256, block_k=256), runs=3, warmup=1)
        print(f"T={T}: tiled path {flops / tt / 1e12:.1f} TFLOP/s = {td / tt:.3f}x of flash SDPA "
              f"= {flops / tt / 1e12 / mm:.1%} of the matmul rate")

    triton_vs_sdpa()


def triton_vs_sdpa(T: int = 4096, B: int = 4, H: int = 16, D: int = 128):
    """The flash-attention-triton drill's shipped kernel against SDPA's flash backend, causal bf16,
    each a triton.testing.do_bench median (warm-up 25 ms, 100 ms of repeats), interleaved 3 times."""
    try:
        from triton.testing import do_bench
    except ImportError:
        print("triton kernel vs SDPA: skipped (no triton: pip install '.[kernels]')")
        return
    import os
    import runpy

    os.environ["TRITON_INTERPRET"] = "0"  # compiled for the GPU (read when the kernel is decorated)
    root = Path(__file__).resolve().parent.parent
    kernel = runpy.run_path(str(root / "drills" / "flash-attention-triton" / "solution.py"))["flash_attention"]
    q, k, v = (torch.randn(B, H, T, D, device="cuda", dtype=torch.bfloat16) for _ in range(3))

    def flash():
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            return F.scaled_dot_product_attention(q, k, v, is_causal=True)

    err = (kernel(q, k, v, causal=True).float() - flash().float()).abs().max().item()
    flops = 4 * B * H * T * T * D / 2  # causal: half the matrix
    ratios, t_k, t_f = [], [], []
    for _ in range(3):
        a = do_bench(flash, warmup=25, rep=100, return_mode="median")
        b = do_bench(lambda: kernel(q, k, v, causal=True), warmup=25, rep=100, return_mode="median")
        t_f.append(a)
        t_k.append(b)
        ratios.append(a / b)
    tf, tk, r = statistics.median(t_f), statistics.median(t_k), statistics.median(ratios)
    print(f"triton drill solution vs flash SDPA, causal T={T} (B={B}, H={H}, D={D}), bf16: SDPA {tf:.3f} ms "
          f"({flops / tf / 1e9:.0f} TFLOP/s), triton {tk:.3f} ms ({flops / tk / 1e9:.0f} TFLOP/s); "
          f"triton/SDPA throughput {r:.3f}x (target >= 0.7x) {'OK' if r >= 0.7 else 'UNDER'}; "
          f"max |difference| {err:.3g}")


if __name__ == "__main__":
    main()
