"""What a failing case leaves for the diagnosis, as typed records (docs/grading.md, the evidence):
one Failure per failing case, holding what happened to it: the values judged against the
reference (Mismatch), an exception (Raised), a resource exceeded (Resource), a rule the task
states broken, a validated answer (Answer). The judge's case runner makes them; the diagnosis's
rules read them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Mismatch:
    """The output's values, judged against the reference: what the catalogue, the localisation and
    the comparators read. `variant_of` gives the outputs of the slips (None: none can be tried)."""
    got: object  # float64 numpy, the learner's
    ref: object  # float64 numpy, the reference's
    dtype: str  # the dtype it was judged at
    case: object = None  # the Case (a module drill's ModuleCase) the values came from
    index: int | None = None  # the case's index in the drill's cases (for a trace of it)
    variant_of: object = None
    module_index: int | None = None  # a module drill's config (its traces are asked by it)
    module_x: object = None


@dataclass
class Raised:
    """The learner's code raised inside a case."""
    type: str
    text: str  # the first line of the message
    case_name: str
    masked: bool  # the case passes a mask
    first_shape: tuple
    index: int | None
    case: object
    module: tuple | None = None  # a module drill's (config, input) to trace the forward again

    def said(self) -> tuple:
        """As exceptions.explain reads it."""
        return self.type, self.text, self.case_name, self.masked, self.first_shape


@dataclass
class Resource:
    """Too slow or too much memory, measured by the judge: a cause of its own, said first."""
    kind: str  # "slow" or "memory"
    message: str


@dataclass
class Answer:
    """A validated case's answer (LeetCode), passing or not: which simulated slips fit it."""
    value: object
    case: object
    failed: bool = False


@dataclass
class Failure:
    """One failing case (or check), all that it showed."""
    test: str = ""  # "case name: message"
    failure: str = "values"  # how the case failed (judging.Failed.kind): a smaller input must fail the same way
    values: Mismatch | None = None
    raised: Raised | None = None
    resource: Resource | None = None
    rule: str | None = None  # an input edited in place: the message
    bounds: dict | None = None  # a kernel's load or store past a tensor's end: {"message", "line"}
    arrays: list = field(default_factory=list)  # the case's array inputs, by name (where the edit can be)
    type_rule: str | None = None  # the stated result type broken
    layout: str | None = None  # a module's layers not as the task asks
    shape: str | None = None  # the expected values with the axes in another order
    shape_fact: str | None = None  # a wrong shape, measured
    dtype_lowered: str | None = None
    dtype_integer: str | None = None  # an integer array where floats belong: the message
    promoted: str | None = None  # "numpy" or "torch": a float32 case answered in float64
    promoted_case: tuple | None = None  # (index, case) of it (or of an integer output)
    answer: Answer | None = None
    named: str | None = None  # a validator that recognised its slip
    readings: tuple | None = None  # the slips a validated case's answer fits (() none)
    random: bool = False  # a module's outputs change from call to call
    localised: str | None = None  # a module's taps read: where its forward leaves the reference
    validated: object = None  # a validated case's Case whose answer failed (two-sum: no simulated slips)
    misshapen: object = None  # the Case whose output has another shape than the reference's

    @property
    def case(self):
        """The case the failure came from, where it is known."""
        for part in (self.values, self.answer, self.raised):
            if part is not None:
                return part.case
        return self.validated or self.misshapen
