from enum import StrEnum


class GateDecisionStatus(StrEnum):
    FAILED = "failed"
    SUCCESSFUL = "successful"

    def __str__(self) -> str:
        return str(self.value)
