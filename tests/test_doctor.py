"""`studyxf doctor` (issue 41, DESIGN.md's commands): one line per check, `ok` or `missing: ...
(fix: ...)`; exit 0 when what the learner's config asks for works, 1 otherwise; no torch imported
in the command (CUDA is asked of child processes, and only where an NVIDIA driver is present).
Its time (under 2 s) is measured by hand, not here: see the README."""

import json
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

NAMES = ["namespaces", "Landlock", "seccomp", "network isolation", "sandbox", "Triton", "numpy", "torch",
         "data directory", "backup", "sync"]
LINE = re.compile(r"^[A-Za-z][\w ]*: (ok: .+|missing: .+)$")


def _gpu() -> bool:
    from studyxf.grading.sandbox import gpu

    return gpu.no_device_here() is None


def test_each_check_is_one_line_ok_or_missing_and_the_config_decides_the_exit(home, cli):
    done = cli("doctor", env={"STUDYXF_HOME": str(home)})
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    checks = lines[:lines.index("")]
    assert all(LINE.match(line) for line in checks), checks
    assert [c.split(":")[0] for c in checks if not c.startswith("CUDA")] == NAMES
    assert any(c.startswith("CUDA") for c in checks)
    assert all("(fix: " in c for c in checks if ": missing: " in c), checks
    assert lines[-1].startswith('what your config asks for (device = "cpu") works')
    report = json.loads(cli("doctor", "--json", env={"STUDYXF_HOME": str(home)}).stdout)
    assert report["device"] == "cpu" and report["ok"] is True
    assert [c["line"] for c in report["checks"]] == checks
    assert {c["status"] for c in report["checks"]} <= {"ok", "missing"}


def test_a_config_asking_for_cuda_without_a_gpu_fails_with_the_fix(home, cli):
    if _gpu():
        pytest.skip("an NVIDIA driver is here: CUDA is asked of torch instead (benchmarks/gpu.sh)")
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('device = "cuda"\n')
    done = cli("doctor", env={"STUDYXF_HOME": str(home)})
    assert done.returncode == 1
    cuda = next(line for line in done.stdout.splitlines() if line.startswith("CUDA"))
    assert cuda.startswith("CUDA: missing: no CUDA device (no NVIDIA driver here") and '(fix: ' in cuda
    assert done.stdout.splitlines()[-1].startswith('what your config asks for (device = "cuda") does not work: CUDA')
    report = json.loads(cli("doctor", "--json", env={"STUDYXF_HOME": str(home)}).stdout)
    assert report["ok"] is False and report["device"] == "cuda"
    (home / "config.toml").write_text('device = "auto"\n')  # auto asks for nothing it cannot fall back from
    assert cli("doctor", env={"STUDYXF_HOME": str(home)}).returncode == 0


def test_without_namespaces_the_isolation_is_missing_but_grading_still_works(home, cli):
    done = cli("doctor", env={"STUDYXF_HOME": str(home), "STUDYXF_SANDBOX_NAMESPACES": "0"})
    lines = {line.split(":")[0]: line for line in done.stdout.splitlines() if ":" in line}
    assert lines["namespaces"] == ("namespaces: missing: turned off by STUDYXF_SANDBOX_NAMESPACES=0 "
                                   "(fix: unset it)")
    # said by a real sandbox, started as a grading starts it
    assert lines["sandbox"].startswith("sandbox: missing: a grading's sandbox starts: not isolated: namespaces "
                                       "turned off"), lines["sandbox"]
    assert done.returncode == 0  # the config asks for the CPU, which grades (less isolated: the report says so)


def test_the_last_backup_and_the_history_are_read_not_written(home, cli):
    done = cli("doctor", env={"STUDYXF_HOME": str(home)})
    assert "backup: ok: no history yet, so no backup" in done.stdout
    assert not home.exists() or not any(home.iterdir())  # doctor makes nothing
    assert cli("cards", env={"STUDYXF_HOME": str(home)}).returncode == 0  # a first command: the day's backup
    done = cli("doctor", env={"STUDYXF_HOME": str(home)})
    line = next(line for line in done.stdout.splitlines() if line.startswith("backup"))
    assert re.match(r"backup: ok: last verified backup studyxf-2026-11-29\.sqlite3 \(today, [\d.]+ MB\)$", line), line
    assert "sync: ok: never synced" in done.stdout
    assert f"data directory: ok: {home}, history " in done.stdout


def test_the_cuda_lines_say_where_cuda_stops():
    """What doctor says on a GPU machine, from the probes' answers (no GPU needed for the wording)."""
    from studyxf.doctor import cuda_checks

    name = {"device": "NVIDIA H200"}
    err = {"error": "Unexpected error from cudaGetDeviceCount(). ... Error 304"}
    both = cuda_checks(True, name, name, None)
    assert [c.line() for c in both] == ["CUDA in the command: ok: NVIDIA H200", "CUDA in the sandbox: ok: NVIDIA H200"]
    stopped = cuda_checks(True, name, err, None)[1]
    assert not stopped.ok and stopped.required and "CUDA does not start in the sandbox: Unexpected error" in stopped.line()
    assert "not in the grader's sandbox" in stopped.fix
    assert not cuda_checks(False, name, err, None)[1].required  # the config asks for the CPU
    none = cuda_checks(False, None, None, "no NVIDIA driver here")
    assert [c.line() for c in none] == ["CUDA: ok: no CUDA device (no NVIDIA driver here): drills are graded on the CPU"]


def test_doctor_imports_no_torch_in_the_command(home):
    if _gpu():
        pytest.skip("on a GPU machine torch is imported, in child processes only")
    code = ("import sys\nfrom studyxf import doctor\nchecks = doctor.run('cpu')\n"
            "print(len(checks), 'torch' in sys.modules, 'triton' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PATH": "/usr/bin:/bin", "STUDYXF_HOME": str(home), "PYTHONPATH": str(ROOT)}).stdout
    assert out.split()[1:] == ["False", "False"], out


def test_each_probe_is_a_function_with_its_own_check():
    from studyxf import doctor

    abi = doctor.landlock_abi()
    assert isinstance(abi, (int, str))
    for probe in (doctor.namespaces, doctor.network, doctor.landlock, doctor.seccomp, doctor.triton):
        check = probe()
        assert LINE.match(check.line()) and (check.ok or check.fix), check
