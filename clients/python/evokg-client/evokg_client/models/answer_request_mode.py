from enum import StrEnum


class AnswerRequestMode(StrEnum):
    APEX = "apex"
    MAGE = "mage"

    def __str__(self) -> str:
        return str(self.value)
