"""A default the task states, read from the learner's def (stated.py), and written back for the edit
search where the learner changed it."""

from studyxf.grading.judge.stated import restored


def test_a_changed_default_is_written_back_as_the_task_states_it_for_the_edit_search():
    source = "def rms_norm(x, gamma, eps=1e-5, *, scale=2):\n    return x\n"
    assert restored("rms_norm(x, gamma, eps=1e-6, *, scale=2)", source) == \
        "def rms_norm(x, gamma, eps=1e-06, *, scale=2):\n    return x\n"
    assert restored("rms_norm(x, gamma, eps=1e-5, *, scale=2)", source) is None  # none differs
