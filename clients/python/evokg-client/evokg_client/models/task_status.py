from enum import StrEnum


class TaskStatus(StrEnum):
    FAILED = "failed"
    QUEUED = "queued"
    RUNNING = "running"
    SOLVED = "solved"
    UNSOLVED = "unsolved"

    def __str__(self) -> str:
        return str(self.value)
