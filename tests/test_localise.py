"""Localisation: each drill's reference stated as steps agrees with its cases' references, and a
slip outside the catalogue is found at its line, with how it differs, verified when the change
made in the reference gives the learner's outputs on every failing case."""

import numpy as np
import pytest

from studyxf.grading import steps as st
from studyxf.grading.runcases import load_grader
from tests.drill_helpers import DRILLS, grade

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

STEPPED = sorted(name for name, d in DRILLS.items() if getattr(load_grader(str(d.folder)), "STEPS", None))


def test_the_tensor_drills_state_their_steps():
    assert {"attention", "multi-head-attention", "cross-attention", "gqa", "layer-norm", "rms-norm", "swiglu",
            "mlp-gelu", "rope", "sinusoidal", "alibi"} <= set(STEPPED)


@pytest.mark.parametrize("drill", STEPPED)
def test_the_steps_end_at_the_reference(drill):
    grader = load_grader(str(DRILLS[drill].folder))
    if hasattr(grader, "STEP_ARGS"):
        pytest.skip("a driven drill: its steps are one call (the test below)")
    for case in grader.cases():
        out = st.run(grader.STEPS, st.inputs64(case))[grader.STEPS[-1].name]
        np.testing.assert_allclose(st.as_numpy(out), case.ref(), rtol=1e-9, atol=1e-9, err_msg=case.name)


def test_a_driven_drill_s_steps_give_its_reference_through_its_driver():
    """kv-cache: the steps of one decode_step, driven chunk by chunk, give the full causal pass."""
    grader = load_grader(str(DRILLS["kv-cache"].folder))
    for case in grader.cases():
        def step_fn(*args):
            out = st.run(grader.STEPS, dict(zip(grader.STEP_ARGS, args)))
            return tuple(out[n] for n in grader.STEP_RETURN)
        out = case.driver(step_fn, *st.inputs64(case).values())
        np.testing.assert_allclose(st.as_numpy(out), case.ref(), rtol=1e-9, atol=1e-9, err_msg=case.name)
