from enum import StrEnum


class EpochRunRequestPoolName(StrEnum):
    ARITH = "arith"
    DIGITS = "digits"
    GLYPH = "glyph"

    def __str__(self) -> str:
        return str(self.value)
