from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evolution_run_metrics_item_rejections_item_kind import EvolutionRunMetricsItemRejectionsItemKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="EvolutionRunMetricsItemRejectionsItem")


@_attrs_define
class EvolutionRunMetricsItemRejectionsItem:
    """
    Attributes:
        kind (EvolutionRunMetricsItemRejectionsItemKind):
        reason (str):
        item (str | Unset):
    """

    kind: EvolutionRunMetricsItemRejectionsItemKind
    reason: str
    item: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        reason = self.reason

        item = self.item

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "reason": reason,
            }
        )
        if item is not UNSET:
            field_dict["item"] = item

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = EvolutionRunMetricsItemRejectionsItemKind(d.pop("kind"))

        reason = d.pop("reason")

        item = d.pop("item", UNSET)

        evolution_run_metrics_item_rejections_item = cls(
            kind=kind,
            reason=reason,
            item=item,
        )

        evolution_run_metrics_item_rejections_item.additional_properties = d
        return evolution_run_metrics_item_rejections_item

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
