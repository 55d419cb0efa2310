from enum import StrEnum


class Outcome(StrEnum):
    ABSTRACTED_PATTERN = "abstracted_pattern"
    FAILURE_MEMORY = "failure_memory"
    PRINCIPLE = "principle"
    RETRIEVAL_RECIPE = "retrieval_recipe"
    SUCCESS_MEMORY = "success_memory"

    def __str__(self) -> str:
        return str(self.value)
