from enum import StrEnum


class ListExperienceUtilityState(StrEnum):
    PROBATIONARY = "probationary"
    QUARANTINED = "quarantined"

    def __str__(self) -> str:
        return str(self.value)
