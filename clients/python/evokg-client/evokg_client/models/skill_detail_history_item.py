from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SkillDetailHistoryItem")


@_attrs_define
class SkillDetailHistoryItem:
    """
    Attributes:
        iteration (int):
        mastery (float):
        at (datetime.datetime):
    """

    iteration: int
    mastery: float
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        iteration = self.iteration

        mastery = self.mastery

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "iteration": iteration,
                "mastery": mastery,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        iteration = d.pop("iteration")

        mastery = d.pop("mastery")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        skill_detail_history_item = cls(
            iteration=iteration,
            mastery=mastery,
            at=at,
        )

        skill_detail_history_item.additional_properties = d
        return skill_detail_history_item

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
