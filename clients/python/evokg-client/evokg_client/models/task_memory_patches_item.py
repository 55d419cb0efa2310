from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskMemoryPatchesItem")


@_attrs_define
class TaskMemoryPatchesItem:
    """
    Attributes:
        patch (str):
        trigger_signature (str | Unset):
        rationale (str | Unset):
        utility_delta (float | Unset):
    """

    patch: str
    trigger_signature: str | Unset = UNSET
    rationale: str | Unset = UNSET
    utility_delta: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        patch = self.patch

        trigger_signature = self.trigger_signature

        rationale = self.rationale

        utility_delta = self.utility_delta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "patch": patch,
            }
        )
        if trigger_signature is not UNSET:
            field_dict["trigger_signature"] = trigger_signature
        if rationale is not UNSET:
            field_dict["rationale"] = rationale
        if utility_delta is not UNSET:
            field_dict["utility_delta"] = utility_delta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        patch = d.pop("patch")

        trigger_signature = d.pop("trigger_signature", UNSET)

        rationale = d.pop("rationale", UNSET)

        utility_delta = d.pop("utility_delta", UNSET)

        task_memory_patches_item = cls(
            patch=patch,
            trigger_signature=trigger_signature,
            rationale=rationale,
            utility_delta=utility_delta,
        )

        task_memory_patches_item.additional_properties = d
        return task_memory_patches_item

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
