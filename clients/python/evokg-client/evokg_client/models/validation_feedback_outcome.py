from enum import StrEnum


class ValidationFeedbackOutcome(StrEnum):
    ERROR = "error"
    FORM = "form"
    PASS = "pass"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)
