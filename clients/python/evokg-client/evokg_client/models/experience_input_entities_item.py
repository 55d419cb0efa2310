from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceInputEntitiesItem")


@_attrs_define
class ExperienceInputEntitiesItem:
    """
    Attributes:
        name (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        type_ (str | Unset): at most 200 characters without NUL
    """

    name: str
    type_: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = d.pop("type", UNSET)

        experience_input_entities_item = cls(
            name=name,
            type_=type_,
        )

        return experience_input_entities_item
