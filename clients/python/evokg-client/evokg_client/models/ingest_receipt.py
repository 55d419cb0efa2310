from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ingest_receipt_status import IngestReceiptStatus
from ..models.outcome import Outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.gate_decision import GateDecision


T = TypeVar("T", bound="IngestReceipt")


@_attrs_define
class IngestReceipt:
    """
    Attributes:
        id (UUID):
        status (IngestReceiptStatus):
        replayed (bool | Unset):
        outcome (Outcome | Unset):
        gate (GateDecision | Unset): The quality gate's decision on a pre-evaluated experience: q = 0.9·c +
            0.05·η + 0.05·κ, successful when q ≥ threshold (θ = 0.3). A failed one
            is committed as a failure_memory (requested_outcome keeps the class it
            came as) and never enters the success index.
    """

    id: UUID
    status: IngestReceiptStatus
    replayed: bool | Unset = UNSET
    outcome: Outcome | Unset = UNSET
    gate: GateDecision | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status.value

        replayed = self.replayed

        outcome: str | Unset = UNSET
        if not isinstance(self.outcome, Unset):
            outcome = self.outcome.value

        gate: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gate, Unset):
            gate = self.gate.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
            }
        )
        if replayed is not UNSET:
            field_dict["replayed"] = replayed
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if gate is not UNSET:
            field_dict["gate"] = gate

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gate_decision import GateDecision  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = IngestReceiptStatus(d.pop("status"))

        replayed = d.pop("replayed", UNSET)

        _outcome = d.pop("outcome", UNSET)
        outcome: Outcome | Unset
        if isinstance(_outcome, Unset):
            outcome = UNSET
        else:
            outcome = Outcome(_outcome)

        _gate = d.pop("gate", UNSET)
        gate: GateDecision | Unset
        if isinstance(_gate, Unset):
            gate = UNSET
        else:
            gate = GateDecision.from_dict(_gate)

        ingest_receipt = cls(
            id=id,
            status=status,
            replayed=replayed,
            outcome=outcome,
            gate=gate,
        )

        ingest_receipt.additional_properties = d
        return ingest_receipt

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
