from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.index_rebuild import IndexRebuild


T = TypeVar("T", bound="ReindexReport")


@_attrs_define
class ReindexReport:
    """
    Attributes:
        dry_run (bool):
        checked (int): vector indexes measured
        rebuilt (list[IndexRebuild]): the bloated indexes, rebuilt unless dry_run
        reclaimed_bytes (int):
        duration_ms (float):
        remaining (list[str] | Unset): bloated indexes left for another call (the deadline came first)
    """

    dry_run: bool
    checked: int
    rebuilt: list[IndexRebuild]
    reclaimed_bytes: int
    duration_ms: float
    remaining: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        dry_run = self.dry_run

        checked = self.checked

        rebuilt = []
        for rebuilt_item_data in self.rebuilt:
            rebuilt_item = rebuilt_item_data.to_dict()
            rebuilt.append(rebuilt_item)

        reclaimed_bytes = self.reclaimed_bytes

        duration_ms = self.duration_ms

        remaining: list[str] | Unset = UNSET
        if not isinstance(self.remaining, Unset):
            remaining = self.remaining

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dry_run": dry_run,
                "checked": checked,
                "rebuilt": rebuilt,
                "reclaimed_bytes": reclaimed_bytes,
                "duration_ms": duration_ms,
            }
        )
        if remaining is not UNSET:
            field_dict["remaining"] = remaining

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.index_rebuild import IndexRebuild  # noqa: PLC0415

        d = dict(src_dict)
        dry_run = d.pop("dry_run")

        checked = d.pop("checked")

        rebuilt = []
        _rebuilt = d.pop("rebuilt")
        for rebuilt_item_data in _rebuilt:
            rebuilt_item = IndexRebuild.from_dict(rebuilt_item_data)

            rebuilt.append(rebuilt_item)

        reclaimed_bytes = d.pop("reclaimed_bytes")

        duration_ms = d.pop("duration_ms")

        remaining = cast(list[str], d.pop("remaining", UNSET))

        reindex_report = cls(
            dry_run=dry_run,
            checked=checked,
            rebuilt=rebuilt,
            reclaimed_bytes=reclaimed_bytes,
            duration_ms=duration_ms,
            remaining=remaining,
        )

        reindex_report.additional_properties = d
        return reindex_report

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
