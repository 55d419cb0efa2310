from enum import StrEnum


class LearnerProfileRender(StrEnum):
    BLOCK = "block"
    TURNS = "turns"

    def __str__(self) -> str:
        return str(self.value)
