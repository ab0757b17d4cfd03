#!/usr/bin/env bash
# The engine's GPU checks, the grader's and the training lab's on CUDA, the command as a learner
# runs it (benchmarks/gpu_command.py: doctor, --device cuda, --bench, a wrong kernel named), and the
# GPU benchmarks, from the source tree (PYTHONPATH=.), needing only torch (2.11+) and numpy: no
# pytest, no studyxf install. The command's runs also need studyxf's own dependencies (click, rich,
# platformdirs, PyYAML, sqlite-utils...; ../shared/gpu/README.md): without them they are skipped,
# said in one line. The two check files run side by side (they only need correct answers); the
# command's runs and the benchmark run alone afterwards, so nothing else competes for the GPU while
# a kernel is timed. About 5-10 minutes.
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
timeout 1200 python benchmarks/gpu_command.py 2>&1 | tee "$logs/command.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
timeout 240 python benchmarks/engine_gpu.py 2>&1 | tee "$logs/bench.log"
exit $rc
