from enum import StrEnum


class TaskAttemptsItemStuckReason(StrEnum):
    SAME_ANSWER = "same_answer"
    SAME_FEEDBACK = "same_feedback"

    def __str__(self) -> str:
        return str(self.value)
