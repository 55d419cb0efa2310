from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TaskTypeScoreMemorySwitch")


@_attrs_define
class TaskTypeScoreMemorySwitch:
    """the task type's memory switch, once an evolution run compared its held-out accuracy with and without memory

    Attributes:
        task_type (str):
        off (bool): the learner answers this task type without memory until an evaluation with memory beats the baseline
        with_memory (float): held-out accuracy with memory at the last decision
        without_memory (float): held-out accuracy without memory (the baseline)
        delta (float): δ: memory goes off when without − with exceeds it
        run_id (UUID):
        iteration (int):
        changed_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    task_type: str
    off: bool
    with_memory: float
    without_memory: float
    delta: float
    run_id: UUID
    iteration: int
    changed_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        task_type = self.task_type

        off = self.off

        with_memory = self.with_memory

        without_memory = self.without_memory

        delta = self.delta

        run_id = str(self.run_id)

        iteration = self.iteration

        changed_at = self.changed_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "task_type": task_type,
                "off": off,
                "with_memory": with_memory,
                "without_memory": without_memory,
                "delta": delta,
                "run_id": run_id,
                "iteration": iteration,
                "changed_at": changed_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        task_type = d.pop("task_type")

        off = d.pop("off")

        with_memory = d.pop("with_memory")

        without_memory = d.pop("without_memory")

        delta = d.pop("delta")

        run_id = UUID(d.pop("run_id"))

        iteration = d.pop("iteration")

        changed_at = datetime.datetime.fromisoformat(d.pop("changed_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        task_type_score_memory_switch = cls(
            task_type=task_type,
            off=off,
            with_memory=with_memory,
            without_memory=without_memory,
            delta=delta,
            run_id=run_id,
            iteration=iteration,
            changed_at=changed_at,
            updated_at=updated_at,
        )

        task_type_score_memory_switch.additional_properties = d
        return task_type_score_memory_switch

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
