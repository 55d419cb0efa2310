from enum import StrEnum


class AnswerMode(StrEnum):
    CHOICE = "choice"
    EXPRESSION = "expression"
    NUMBER = "number"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
