from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="IndexRebuild")


@_attrs_define
class IndexRebuild:
    """
    Attributes:
        index (str):
        table (str):
        live_rows (int):
        bytes_before (int):
        expected_bytes (int): estimated size of a fresh build for live_rows
        bytes_after (int | Unset): size once rebuilt (absent in a dry run)
        duration_ms (float | Unset): time the rebuild took (absent in a dry run)
    """

    index: str
    table: str
    live_rows: int
    bytes_before: int
    expected_bytes: int
    bytes_after: int | Unset = UNSET
    duration_ms: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        table = self.table

        live_rows = self.live_rows

        bytes_before = self.bytes_before

        expected_bytes = self.expected_bytes

        bytes_after = self.bytes_after

        duration_ms = self.duration_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "table": table,
                "live_rows": live_rows,
                "bytes_before": bytes_before,
                "expected_bytes": expected_bytes,
            }
        )
        if bytes_after is not UNSET:
            field_dict["bytes_after"] = bytes_after
        if duration_ms is not UNSET:
            field_dict["duration_ms"] = duration_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        table = d.pop("table")

        live_rows = d.pop("live_rows")

        bytes_before = d.pop("bytes_before")

        expected_bytes = d.pop("expected_bytes")

        bytes_after = d.pop("bytes_after", UNSET)

        duration_ms = d.pop("duration_ms", UNSET)

        index_rebuild = cls(
            index=index,
            table=table,
            live_rows=live_rows,
            bytes_before=bytes_before,
            expected_bytes=expected_bytes,
            bytes_after=bytes_after,
            duration_ms=duration_ms,
        )

        index_rebuild.additional_properties = d
        return index_rebuild

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
