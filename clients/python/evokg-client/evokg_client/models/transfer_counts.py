from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.transfer_counts_rows import TransferCountsRows


T = TypeVar("T", bound="TransferCounts")


@_attrs_define
class TransferCounts:
    """
    Attributes:
        rows (TransferCountsRows): rows by table
        nodes (int):
        edges (int): relationships
    """

    rows: TransferCountsRows
    nodes: int
    edges: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rows = self.rows.to_dict()

        nodes = self.nodes

        edges = self.edges

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rows": rows,
                "nodes": nodes,
                "edges": edges,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.transfer_counts_rows import TransferCountsRows  # noqa: PLC0415

        d = dict(src_dict)
        rows = TransferCountsRows.from_dict(d.pop("rows"))

        nodes = d.pop("nodes")

        edges = d.pop("edges")

        transfer_counts = cls(
            rows=rows,
            nodes=nodes,
            edges=edges,
        )

        transfer_counts.additional_properties = d
        return transfer_counts

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
