from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.usage_rows_item import UsageRowsItem


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """
    Attributes:
        rows (list[UsageRowsItem]):
        teacher_calls (int):
        learner_calls (int):
        teacher_share (float):
    """

    rows: list[UsageRowsItem]
    teacher_calls: int
    learner_calls: int
    teacher_share: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        teacher_calls = self.teacher_calls

        learner_calls = self.learner_calls

        teacher_share = self.teacher_share

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rows": rows,
                "teacher_calls": teacher_calls,
                "learner_calls": learner_calls,
                "teacher_share": teacher_share,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_rows_item import UsageRowsItem  # noqa: PLC0415

        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = UsageRowsItem.from_dict(rows_item_data)

            rows.append(rows_item)

        teacher_calls = d.pop("teacher_calls")

        learner_calls = d.pop("learner_calls")

        teacher_share = d.pop("teacher_share")

        usage = cls(
            rows=rows,
            teacher_calls=teacher_calls,
            learner_calls=learner_calls,
            teacher_share=teacher_share,
        )

        usage.additional_properties = d
        return usage

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
