from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.task_attempts_item_stuck_reason import TaskAttemptsItemStuckReason

T = TypeVar("T", bound="TaskAttemptsItemStuck")


@_attrs_define
class TaskAttemptsItemStuck:
    """this attempt repeated attempt repeat_of (a stuck loop)

    Attributes:
        reason (TaskAttemptsItemStuckReason):
        repeat_of (int):
    """

    reason: TaskAttemptsItemStuckReason
    repeat_of: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        repeat_of = self.repeat_of

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "repeat_of": repeat_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = TaskAttemptsItemStuckReason(d.pop("reason"))

        repeat_of = d.pop("repeat_of")

        task_attempts_item_stuck = cls(
            reason=reason,
            repeat_of=repeat_of,
        )

        task_attempts_item_stuck.additional_properties = d
        return task_attempts_item_stuck

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
