from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NamespaceCreate")


@_attrs_define
class NamespaceCreate:
    """
    Attributes:
        name (str):
        description (str | Unset): free text, at most 65536 characters without NUL
        probation (bool | Unset): every memory posted to the namespace starts probationary, as an experience's own
            probation asks Default: False.
    """

    name: str
    description: str | Unset = UNSET
    probation: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        probation = self.probation

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if probation is not UNSET:
            field_dict["probation"] = probation

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description", UNSET)

        probation = d.pop("probation", UNSET)

        namespace_create = cls(
            name=name,
            description=description,
            probation=probation,
        )

        return namespace_create
