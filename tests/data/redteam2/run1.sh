#!/usr/bin/env bash
# usage: run1.sh FILE NS [CWD]  -> grades one attack with a fresh STUDYXF_HOME, prints status + output
f=$1; ns=$2; cwd=${3:-/work/main}
cd "$cwd"
export STUDYXF_HOME=$(mktemp -d); studyxf today --plain >/dev/null 2>&1
STUDYXF_CASE_TIMEOUT=2 STUDYXF_SANDBOX_NAMESPACES=$ns timeout 120 studyxf drill attention "$f" --json > /tmp/rt2_last.json 2>/tmp/rt2_last.err
echo "rc=$? home=$STUDYXF_HOME ns=$ns cwd=$cwd"
python - <<'PY'
import json
try: r=json.load(open('/tmp/rt2_last.json'))
except Exception as e: print('nojson', e, open('/tmp/rt2_last.err').read()[-2000:]); raise SystemExit
print('status:', r.get('status'), [t.get('status') for t in r.get('tests',[])][:12], r.get('message') or '')
print('output:', (r.get('output') or '')[:6000])
PY
echo "db attempts: $(sqlite3 "$STUDYXF_HOME/studyxf.sqlite3" 'select drill||":"||status from drill_attempts' 2>/dev/null | tr '\n' ' ')"
ls -la "$STUDYXF_HOME"
