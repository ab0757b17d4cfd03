"""Running a GPU check file as a plain script, for a GPU machine that has only torch and numpy
(no pytest): every case runs, each failure is printed, then the counts."""

import time

import torch


class Unavailable(Exception):
    """A backend this GPU or torch build does not offer: the case is skipped."""


def run_cases(cases: list, ids: list[str], title: str) -> int:
    if not torch.cuda.is_available():
        print(f"{title}: 0 passed, 0 failed, 1 skipped (no CUDA)")
        return 0
    passed = failed = skipped = 0
    for (fn, args), name in zip(cases, ids):
        start = time.perf_counter()
        try:
            fn(*args)
            passed += 1
            print(f"ok   {name} ({time.perf_counter() - start:.1f} s)", flush=True)
        except Unavailable as exc:
            skipped += 1
            print(f"SKIP {name}: {exc}")
        except Exception as exc:  # noqa: BLE001 - report every failing case, then the count
            failed += 1
            print(f"FAIL {name}: {type(exc).__name__}: {str(exc)[:600]}", flush=True)
    print(f"{title}: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def as_pytest(cases: list, ids: list[str]):
    """The same cases as one parametrized pytest test, skipped without CUDA; None without pytest."""
    try:
        import pytest
    except ImportError:  # a bare GPU machine: the file runs as a script
        return None

    @pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
    @pytest.mark.parametrize("fn,args", cases, ids=ids)
    def test(fn, args):
        try:
            fn(*args)
        except Unavailable as exc:
            pytest.skip(str(exc))

    return test
