from enum import StrEnum


class BanditArmBandit(StrEnum):
    ROUTING = "routing"
    SEARCH = "search"

    def __str__(self) -> str:
        return str(self.value)
