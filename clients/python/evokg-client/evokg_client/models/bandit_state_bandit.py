from enum import StrEnum


class BanditStateBandit(StrEnum):
    ROUTING = "routing"
    SEARCH = "search"

    def __str__(self) -> str:
        return str(self.value)
