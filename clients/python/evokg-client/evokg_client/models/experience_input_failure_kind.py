from enum import StrEnum


class ExperienceInputFailureKind(StrEnum):
    SPECIFIC = "specific"
    TYPE_STRATEGY = "type_strategy"

    def __str__(self) -> str:
        return str(self.value)
