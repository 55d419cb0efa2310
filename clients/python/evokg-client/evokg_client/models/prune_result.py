from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PruneResult")


@_attrs_define
class PruneResult:
    """
    Attributes:
        pruned (list[UUID]):
        dry_run (bool):
    """

    pruned: list[UUID]
    dry_run: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pruned = []
        for pruned_item_data in self.pruned:
            pruned_item = str(pruned_item_data)
            pruned.append(pruned_item)

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pruned": pruned,
                "dry_run": dry_run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pruned = []
        _pruned = d.pop("pruned")
        for pruned_item_data in _pruned:
            pruned_item = UUID(pruned_item_data)

            pruned.append(pruned_item)

        dry_run = d.pop("dry_run")

        prune_result = cls(
            pruned=pruned,
            dry_run=dry_run,
        )

        prune_result.additional_properties = d
        return prune_result

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
