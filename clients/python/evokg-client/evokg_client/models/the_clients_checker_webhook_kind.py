from enum import StrEnum


class TheClientsCheckerWebhookKind(StrEnum):
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
