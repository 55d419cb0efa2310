from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.task_memory import TaskMemory


T = TypeVar("T", bound="TaskRetrieval")


@_attrs_define
class TaskRetrieval:
    """
    Attributes:
        positives (list[TaskMemory]): P+ (top 3)
        negatives (list[TaskMemory]): P− (top 2)
        strategy (str):
    """

    positives: list[TaskMemory]
    negatives: list[TaskMemory]
    strategy: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        positives = []
        for positives_item_data in self.positives:
            positives_item = positives_item_data.to_dict()
            positives.append(positives_item)

        negatives = []
        for negatives_item_data in self.negatives:
            negatives_item = negatives_item_data.to_dict()
            negatives.append(negatives_item)

        strategy = self.strategy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "positives": positives,
                "negatives": negatives,
                "strategy": strategy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_memory import TaskMemory  # noqa: PLC0415

        d = dict(src_dict)
        positives = []
        _positives = d.pop("positives")
        for positives_item_data in _positives:
            positives_item = TaskMemory.from_dict(positives_item_data)

            positives.append(positives_item)

        negatives = []
        _negatives = d.pop("negatives")
        for negatives_item_data in _negatives:
            negatives_item = TaskMemory.from_dict(negatives_item_data)

            negatives.append(negatives_item)

        strategy = d.pop("strategy")

        task_retrieval = cls(
            positives=positives,
            negatives=negatives,
            strategy=strategy,
        )

        task_retrieval.additional_properties = d
        return task_retrieval

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
