from enum import StrEnum


class ExperienceFieldsFailureKind(StrEnum):
    SPECIFIC = "specific"
    TYPE_STRATEGY = "type_strategy"

    def __str__(self) -> str:
        return str(self.value)
