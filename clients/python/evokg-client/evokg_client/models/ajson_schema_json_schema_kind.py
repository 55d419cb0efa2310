from enum import StrEnum


class AJSONSchemaJsonSchemaKind(StrEnum):
    JSON_SCHEMA = "json_schema"

    def __str__(self) -> str:
        return str(self.value)
