#!/usr/bin/env bash
# The engine's GPU checks, the grader's and the training lab's on CUDA, and the GPU benchmarks,
# from the source tree, needing only torch (2.11+) and numpy: no pytest, no studyxf install.
# The two check files run side by side (they only need correct answers); the benchmark runs
# alone afterwards, so nothing else competes for the GPU while it is timed. About 3-5 minutes.
# Usage: bash benchmarks/gpu.sh [LOGDIR]
set -uo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH=.
logs="${1:-$(mktemp -d)}"
mkdir -p "$logs"
python -c "import torch, numpy; print('torch', torch.__version__, 'numpy', numpy.__version__, 'cuda', torch.cuda.is_available())"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null
timeout 300 python tests/test_engine_gpu.py > "$logs/engine.log" 2>&1 &
engine=$!
timeout 300 python tests/test_app_gpu.py > "$logs/app.log" 2>&1 &
app=$!
rc=0
wait $engine || rc=1
wait $app || rc=1
cat "$logs/engine.log" "$logs/app.log"
timeout 240 python benchmarks/engine_gpu.py 2>&1 | tee "$logs/bench.log"
exit $rc
