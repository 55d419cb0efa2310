from enum import StrEnum


class MemoryState(StrEnum):
    ACTIVE = "active"
    PROBATIONARY = "probationary"
    QUARANTINED = "quarantined"

    def __str__(self) -> str:
        return str(self.value)
