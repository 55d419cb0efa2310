from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tool_validation import ToolValidation


T = TypeVar("T", bound="ToolVersion")


@_attrs_define
class ToolVersion:
    """
    Attributes:
        id (UUID):
        version (int):
        validated (bool):
        validation (ToolValidation):
        created_at (datetime.datetime):
    """

    id: UUID
    version: int
    validated: bool
    validation: ToolValidation
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        version = self.version

        validated = self.validated

        validation = self.validation.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
                "validated": validated,
                "validation": validation,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_validation import ToolValidation  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        version = d.pop("version")

        validated = d.pop("validated")

        validation = ToolValidation.from_dict(d.pop("validation"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        tool_version = cls(
            id=id,
            version=version,
            validated=validated,
            validation=validation,
            created_at=created_at,
        )

        tool_version.additional_properties = d
        return tool_version

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
