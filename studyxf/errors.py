"""The errors studyxf reports to the learner as one line, with the exit code each one means."""


class StudyxfError(Exception):
    """A fatal error shown as `studyxf: error: MESSAGE`; exit code 2 unless told otherwise."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None):
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class ContentError(StudyxfError):
    """Invalid session or drill content, already formatted as PATH:LINE: FIELD: MESSAGE."""


class StoreError(StudyxfError):
    """The database cannot be used as it is (newer, corrupt, unreadable); it is left untouched."""
