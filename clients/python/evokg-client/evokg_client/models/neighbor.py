from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.outcome import Outcome

T = TypeVar("T", bound="Neighbor")


@_attrs_define
class Neighbor:
    """
    Attributes:
        experience_id (UUID):
        seed_id (UUID):
        task_type (str):
        outcome (Outcome):
        hops (int):
    """

    experience_id: UUID
    seed_id: UUID
    task_type: str
    outcome: Outcome
    hops: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        experience_id = str(self.experience_id)

        seed_id = str(self.seed_id)

        task_type = self.task_type

        outcome = self.outcome.value

        hops = self.hops

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experience_id": experience_id,
                "seed_id": seed_id,
                "task_type": task_type,
                "outcome": outcome,
                "hops": hops,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        experience_id = UUID(d.pop("experience_id"))

        seed_id = UUID(d.pop("seed_id"))

        task_type = d.pop("task_type")

        outcome = Outcome(d.pop("outcome"))

        hops = d.pop("hops")

        neighbor = cls(
            experience_id=experience_id,
            seed_id=seed_id,
            task_type=task_type,
            outcome=outcome,
            hops=hops,
        )

        neighbor.additional_properties = d
        return neighbor

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
