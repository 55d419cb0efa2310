from enum import StrEnum


class EvolutionRunMetricsItemRejectionsItemKind(StrEnum):
    CRITIC_NOTE = "critic_note"
    FAILURE_CORRECTION = "failure_correction"
    PRINCIPLE = "principle"
    PROMPT_REFINEMENT = "prompt_refinement"
    SUCCESS_MEMORY = "success_memory"
    SUCCESS_REASONING = "success_reasoning"

    def __str__(self) -> str:
        return str(self.value)
