from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.outcome import Outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_record import ErrorRecord
    from ..models.gate_decision import GateDecision


T = TypeVar("T", bound="TaskCommittedItem")


@_attrs_define
class TaskCommittedItem:
    """
    Attributes:
        experience_id (UUID):
        attempt (int):
        outcome (Outcome):
        q (float):
        gate (GateDecision | Unset): The quality gate's decision on a pre-evaluated experience: q = 0.9·c +
            0.05·η + 0.05·κ, successful when q ≥ threshold (θ = 0.3). A failed one
            is committed as a failure_memory (requested_outcome keeps the class it
            came as) and never enters the success index.
        errors (list[ErrorRecord] | Unset):
    """

    experience_id: UUID
    attempt: int
    outcome: Outcome
    q: float
    gate: GateDecision | Unset = UNSET
    errors: list[ErrorRecord] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        experience_id = str(self.experience_id)

        attempt = self.attempt

        outcome = self.outcome.value

        q = self.q

        gate: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gate, Unset):
            gate = self.gate.to_dict()

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experience_id": experience_id,
                "attempt": attempt,
                "outcome": outcome,
                "q": q,
            }
        )
        if gate is not UNSET:
            field_dict["gate"] = gate
        if errors is not UNSET:
            field_dict["errors"] = errors

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_record import ErrorRecord  # noqa: PLC0415
        from ..models.gate_decision import GateDecision  # noqa: PLC0415

        d = dict(src_dict)
        experience_id = UUID(d.pop("experience_id"))

        attempt = d.pop("attempt")

        outcome = Outcome(d.pop("outcome"))

        q = d.pop("q")

        _gate = d.pop("gate", UNSET)
        gate: GateDecision | Unset
        if isinstance(_gate, Unset):
            gate = UNSET
        else:
            gate = GateDecision.from_dict(_gate)

        _errors = d.pop("errors", UNSET)
        errors: list[ErrorRecord] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ErrorRecord.from_dict(errors_item_data)

                errors.append(errors_item)

        task_committed_item = cls(
            experience_id=experience_id,
            attempt=attempt,
            outcome=outcome,
            q=q,
            gate=gate,
            errors=errors,
        )

        task_committed_item.additional_properties = d
        return task_committed_item

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
