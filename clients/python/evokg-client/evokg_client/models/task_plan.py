from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.task_plan_entities_item import TaskPlanEntitiesItem


T = TypeVar("T", bound="TaskPlan")


@_attrs_define
class TaskPlan:
    """
    Attributes:
        signature (list[str]):
        entities (list[TaskPlanEntitiesItem]):
        goal (str):
    """

    signature: list[str]
    entities: list[TaskPlanEntitiesItem]
    goal: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        signature = self.signature

        entities = []
        for entities_item_data in self.entities:
            entities_item = entities_item_data.to_dict()
            entities.append(entities_item)

        goal = self.goal

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "signature": signature,
                "entities": entities,
                "goal": goal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_plan_entities_item import TaskPlanEntitiesItem  # noqa: PLC0415

        d = dict(src_dict)
        signature = cast(list[str], d.pop("signature"))

        entities = []
        _entities = d.pop("entities")
        for entities_item_data in _entities:
            entities_item = TaskPlanEntitiesItem.from_dict(entities_item_data)

            entities.append(entities_item)

        goal = d.pop("goal")

        task_plan = cls(
            signature=signature,
            entities=entities,
            goal=goal,
        )

        task_plan.additional_properties = d
        return task_plan

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
