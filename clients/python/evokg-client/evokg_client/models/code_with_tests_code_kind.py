from enum import StrEnum


class CodeWithTestsCodeKind(StrEnum):
    CODE = "code"

    def __str__(self) -> str:
        return str(self.value)
