"""Whether CUDA starts, said the same way in the judge, in the sandbox and by `studyxf doctor`:
{"device": name} or {"error": one line}. torch.cuda.is_available() only says False (the reason
goes to a warning), so the reason is asked of torch.cuda.init(). Imports no torch itself: the
caller passes the module it imported."""

from __future__ import annotations

import os

DOCTOR = "run `studyxf doctor`"


def cuda_state(torch) -> dict:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the reason is returned, not printed among the learner's output
        try:
            if torch.cuda.is_available():
                return {"device": torch.cuda.get_device_name()}
            torch.cuda.init()  # raises with what failed (no driver, Error 304, not compiled with CUDA)
        except Exception as exc:  # noqa: BLE001 - any failure to start CUDA is the answer
            text = str(exc).strip().splitlines()
            return {"error": (text[0] if text else type(exc).__name__)[:300]}
    return {"error": "torch.cuda.is_available() is False"}


def no_device_here() -> str | None:
    """Without importing torch: why this machine has no NVIDIA GPU to offer (no device node, no
    driver loaded), or None when it may have one (then only torch can tell)."""
    if not os.path.exists("/dev/nvidiactl") and not os.path.exists("/proc/driver/nvidia/version"):
        return "no NVIDIA driver here: /dev/nvidiactl and /proc/driver/nvidia absent"
    return None


def failed_line(where: str, why: str) -> str:
    """--device cuda where CUDA does not start: the grading's one line."""
    return f"--device cuda: CUDA does not start {where} ({why}); nothing was graded on the CPU instead: {DOCTOR}"
