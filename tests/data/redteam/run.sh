#!/usr/bin/env bash
# Grades each red-team attack one-shot (with and without namespaces) and a few in watch mode.
# Usage: tests/data/redteam/run.sh [oneshot|watch|all]   (all: ~12 minutes; a06 alone ~2 min)
#        tests/data/redteam/run.sh oneshot|watch DRILL FILE   (one attack)
set -u
cd "$(dirname "$0")/../../.."
R=tests/data/redteam
export STUDYXF_CASE_TIMEOUT=${STUDYXF_CASE_TIMEOUT:-2}
MODE=${1:-all}

fresh_home() { export STUDYXF_HOME=$(mktemp -d); studyxf drill >/dev/null 2>&1; touch "$STUDYXF_HOME/.redteam-target"; }

summary() { python -c "
import json,sys
r=json.load(sys.stdin)
print('  status:', r['status'], [t['status'] for t in r['tests']], r.get('message') or '')
out=(r.get('output') or '').strip()
if out: print('  output:', out[:300].replace(chr(10),' | '))"; }

after() {  # what an attack leaves behind: forged attempts, live markers
  echo "  attempts in \$STUDYXF_HOME: $(sqlite3 "$STUDYXF_HOME/studyxf.sqlite3" 'select drill||":"||status from drill_attempts' 2>/dev/null | tr '\n' ' ')"
  sleep 3
  for m in /tmp/studyxf-redteam/*; do [ -e "$m" ] || continue
    age=$(( $(date +%s) - $(stat -c %Y "$m") )); echo "  marker $m last touched ${age}s ago ($([ $age -le 1 ] && echo STILL ALIVE || echo dead))"; done
  rm -rf /tmp/studyxf-redteam
}

oneshot() {  # DRILL FILE
  for ns in 1 0; do
    fresh_home
    local t0=$(date +%s)
    echo "== one-shot $2 on $1, namespaces=$ns"
    STUDYXF_SANDBOX_NAMESPACES=$ns timeout 118 studyxf drill "$1" "$R/$2" --json 2>/dev/null | summary
    echo "  wall: $(( $(date +%s) - t0 )) s (per-case limit ${STUDYXF_CASE_TIMEOUT} s)"
    after
  done
}

watchmode() {  # DRILL ATTACK: start watching the drill's correct solution, then save the attack over it
  for ns in 1 0; do
    fresh_home
    local dir=$(mktemp -d) log=$(mktemp)
    cp "drills/$1/solution.py" "$dir/mine.py"
    echo "== watch $2 on $1, namespaces=$ns"
    STUDYXF_SANDBOX_NAMESPACES=$ns COLUMNS=200 LINES=200 timeout 45 studyxf drill "$1" "$dir/mine.py" --watch >"$log" 2>&1 &
    local pid=$!
    sleep 15; cp "$R/$2" "$dir/mine.py"          # save: the attack
    sleep 15; cp "drills/$1/solution.py" "$dir/mine.py"   # save: the correct file again (was it poisoned?)
    wait $pid
    grep -aiE "pass|fail|error|patched|from:|found|WRITABLE|time-out" "$log" | cut -c1-160 | tail -n 12 | sed 's/^/  /'
    after; rm -rf "$dir" "$log"
  done
}

if [ $# -eq 3 ]; then
  if [ "$MODE" = watch ]; then watchmode "$2" "$3"; else oneshot "$2" "$3"; fi
  exit 0
fi
if [ "$MODE" != watch ]; then
  oneshot attention a01_attention_sdpa_getattr.py
  oneshot attention a02_attention_engine_from_git.py
  oneshot attention a03_attention_data_dir.py
  oneshot attention a04_attention_orphan_setsid.py
  oneshot attention a05_attention_orphan_forkchain.py
  oneshot causal-self-attention a07_module_patch_forked_sandbox.py
  oneshot two-sum a08_twosum_solution_from_git.py
  oneshot attention a09_attention_poison_later_probe.py
  oneshot attention a06_attention_slow_every_call.py
fi
if [ "$MODE" != oneshot ]; then
  watchmode attention a02_attention_engine_from_git.py
  watchmode attention a03_attention_data_dir.py
  watchmode attention a04_attention_orphan_setsid.py
  watchmode causal-self-attention a07_module_patch_forked_sandbox.py
fi
