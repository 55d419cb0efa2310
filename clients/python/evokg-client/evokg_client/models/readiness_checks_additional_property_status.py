from enum import StrEnum


class ReadinessChecksAdditionalPropertyStatus(StrEnum):
    DEGRADED = "degraded"
    DOWN = "down"
    UP = "up"
    WARMING = "warming"

    def __str__(self) -> str:
        return str(self.value)
