"""Compile the Triton drills' shipped kernels for an NVIDIA GPU of compute capability ARCH (80: A100,
90: H100/H200) without one: Triton's ahead-of-time path (TTIR -> TTGIR -> LLVM IR -> PTX -> cubin
with the ptxas Triton ships), at the tiles, warps and dtypes the solutions launch on a GPU.
Run by tests/test_kernels.py with TRITON_INTERPRET=0. Usage: python compile_kernels.py ARCH [--flash-only]"""

import runpy
import sys
from pathlib import Path

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

DRILLS = Path(__file__).resolve().parent.parent.parent / "drills"


def compile_for(drill, kernel, signature: dict, constexprs: dict, arch: int, **options):
    fn = runpy.run_path(str(DRILLS / drill / "solution.py"))[kernel]
    sig = {name: ("constexpr" if name in constexprs else signature[name]) for name in fn.arg_names}
    src = ASTSource(fn=fn, signature=sig, constexprs={(fn.arg_names.index(k),): v for k, v in constexprs.items()})
    return triton.compile(src, target=GPUTarget("cuda", arch, 32), options=options)


SHARED = {80: 166912, 90: 232448}  # bytes of shared memory a block may use (A100, H100/H200)
# the tiles flash_attention launches on a GPU (drills/flash-attention-triton/solution.py)
FLASH = {"bf16": ({"BLOCK_M": 128, "BLOCK_N": 64}, {"num_warps": 8, "num_stages": 3}),
         "fp32": ({"BLOCK_M": 64, "BLOCK_N": 32}, {"num_warps": 4, "num_stages": 2})}


def main(arch: int, flash_only: bool) -> None:
    for dt, (tiles, launch) in FLASH.items():
        k = compile_for("flash-attention-triton", "flash_kernel",
                        {"q_ptr": f"*{dt}", "k_ptr": f"*{dt}", "v_ptr": f"*{dt}", "o_ptr": f"*{dt}", "T": "i32",
                         "scale": "fp32", "stride_bh": "i32", "stride_t": "i32"},
                        {"D": 128, **tiles, "CAUSAL": True, "ACC": tl.float32}, arch, **launch)
        cores = ", tensor cores" if "mma" in k.asm["ptx"] else ""
        assert k.metadata.shared <= SHARED[arch], f"flash_kernel {dt}: {k.metadata.shared} bytes of shared memory"
        print(f"flash_kernel {dt}: compiled{cores} (shared memory {k.metadata.shared} bytes, fits sm{arch})")
    if flash_only:
        return
    for dt in ("fp16", "fp32"):
        ints = ["M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm", "stride_cn"]
        k = compile_for("matmul-triton", "matmul_kernel",
                        {"a_ptr": f"*{dt}", "b_ptr": f"*{dt}", "c_ptr": f"*{dt}", **dict.fromkeys(ints, "i32")},
                        {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "ACC": tl.float32}, arch)
        print(f"matmul_kernel {dt}: compiled{', tensor cores' if 'mma' in k.asm['ptx'] else ''}")
        compile_for("softmax-triton", "softmax_kernel",
                    {"x_ptr": f"*{dt}", "out_ptr": f"*{dt}", "n_cols": "i32", "row_stride": "i32"},
                    {"BLOCK": 8192, "ACC": tl.float32}, arch)
        print(f"softmax_kernel {dt}: compiled")


if __name__ == "__main__":
    main(int(sys.argv[1]), "--flash-only" in sys.argv)
