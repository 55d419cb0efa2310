from enum import StrEnum


class StoredExperienceStatus(StrEnum):
    COMMITTED = "committed"
    EMBEDDING = "embedding"
    EVALUATING = "evaluating"
    FAILED = "failed"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
