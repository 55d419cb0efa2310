from enum import StrEnum


class RetrieveResponseDiffersFromAnswerItem(StrEnum):
    MEMORY_SWITCH_OFF = "memory_switch_off"
    NOT_PRESENTED = "not_presented"
    PLANNED_SIGNATURE = "planned_signature"
    PRELIMINARY_BLOCK = "preliminary_block"

    def __str__(self) -> str:
        return str(self.value)
