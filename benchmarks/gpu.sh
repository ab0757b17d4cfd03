#!/usr/bin/env bash
# The engine's GPU checks, the grader's and the training lab's on CUDA, and the GPU benchmarks,
# from the source tree, needing only torch (2.11+) and numpy: no pytest, no studyxf install.
# About 5 minutes on one GPU.
# Usage: bash benchmarks/gpu.sh
set -uo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH=.
python -c "import torch, numpy; print('torch', torch.__version__, 'numpy', numpy.__version__, 'cuda', torch.cuda.is_available())"
timeout 240 python tests/test_engine_gpu.py
rc=$?
timeout 180 python tests/test_app_gpu.py || rc=1
timeout 240 python benchmarks/engine_gpu.py
exit $rc
