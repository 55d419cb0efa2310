from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Skill")


@_attrs_define
class Skill:
    """
    Attributes:
        name (str):
        mastery (float):
        status (str):
        id (str | Unset):
        namespace (str | Unset):
        description (str | Unset):
        prompt_template (str | Unset):
        strategy (str | Unset):
        created_at (datetime.datetime | Unset):
    """

    name: str
    mastery: float
    status: str
    id: str | Unset = UNSET
    namespace: str | Unset = UNSET
    description: str | Unset = UNSET
    prompt_template: str | Unset = UNSET
    strategy: str | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        mastery = self.mastery

        status = self.status

        id = self.id

        namespace = self.namespace

        description = self.description

        prompt_template = self.prompt_template

        strategy = self.strategy

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "mastery": mastery,
                "status": status,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if description is not UNSET:
            field_dict["description"] = description
        if prompt_template is not UNSET:
            field_dict["prompt_template"] = prompt_template
        if strategy is not UNSET:
            field_dict["strategy"] = strategy
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        mastery = d.pop("mastery")

        status = d.pop("status")

        id = d.pop("id", UNSET)

        namespace = d.pop("namespace", UNSET)

        description = d.pop("description", UNSET)

        prompt_template = d.pop("prompt_template", UNSET)

        strategy = d.pop("strategy", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        skill = cls(
            name=name,
            mastery=mastery,
            status=status,
            id=id,
            namespace=namespace,
            description=description,
            prompt_template=prompt_template,
            strategy=strategy,
            created_at=created_at,
        )

        skill.additional_properties = d
        return skill

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
