from enum import StrEnum


class RetrieveRequestStrategy(StrEnum):
    CASCADE = "cascade"
    HYBRID_GRAPH = "hybrid_graph"
    LEXICAL = "lexical"
    SEMANTIC = "semantic"
    SEMANTIC_STRUCTURAL = "semantic_structural"

    def __str__(self) -> str:
        return str(self.value)
