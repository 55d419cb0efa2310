from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.gate_decision_status import GateDecisionStatus
from ..models.outcome import Outcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="GateDecision")


@_attrs_define
class GateDecision:
    """The quality gate's decision on a pre-evaluated experience: q = 0.9·c +
    0.05·η + 0.05·κ, successful when q ≥ threshold (θ = 0.3). A failed one
    is committed as a failure_memory (requested_outcome keeps the class it
    came as) and never enters the success index.

        Attributes:
            q (float):
            threshold (float):
            status (GateDecisionStatus):
            requested_outcome (Outcome | Unset):
    """

    q: float
    threshold: float
    status: GateDecisionStatus
    requested_outcome: Outcome | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        q = self.q

        threshold = self.threshold

        status = self.status.value

        requested_outcome: str | Unset = UNSET
        if not isinstance(self.requested_outcome, Unset):
            requested_outcome = self.requested_outcome.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "q": q,
                "threshold": threshold,
                "status": status,
            }
        )
        if requested_outcome is not UNSET:
            field_dict["requested_outcome"] = requested_outcome

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        q = d.pop("q")

        threshold = d.pop("threshold")

        status = GateDecisionStatus(d.pop("status"))

        _requested_outcome = d.pop("requested_outcome", UNSET)
        requested_outcome: Outcome | Unset
        if isinstance(_requested_outcome, Unset):
            requested_outcome = UNSET
        else:
            requested_outcome = Outcome(_requested_outcome)

        gate_decision = cls(
            q=q,
            threshold=threshold,
            status=status,
            requested_outcome=requested_outcome,
        )

        gate_decision.additional_properties = d
        return gate_decision

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
