from enum import StrEnum


class AMatchAgainstGoldExactNormalizedKind(StrEnum):
    EXACT = "exact"
    NORMALIZED = "normalized"

    def __str__(self) -> str:
        return str(self.value)
