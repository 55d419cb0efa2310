from enum import StrEnum


class TaskValidatorKind(StrEnum):
    CODE = "code"
    EXACT = "exact"
    JSON_SCHEMA = "json_schema"
    NORMALIZED = "normalized"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
