from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceFieldsEvidenceItem")


@_attrs_define
class ExperienceFieldsEvidenceItem:
    """
    Attributes:
        kind (str):
        locator (str):
        sha256 (str | Unset):
        trust (float | Unset):
    """

    kind: str
    locator: str
    sha256: str | Unset = UNSET
    trust: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        locator = self.locator

        sha256 = self.sha256

        trust = self.trust

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "locator": locator,
            }
        )
        if sha256 is not UNSET:
            field_dict["sha256"] = sha256
        if trust is not UNSET:
            field_dict["trust"] = trust

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = d.pop("kind")

        locator = d.pop("locator")

        sha256 = d.pop("sha256", UNSET)

        trust = d.pop("trust", UNSET)

        experience_fields_evidence_item = cls(
            kind=kind,
            locator=locator,
            sha256=sha256,
            trust=trust,
        )

        experience_fields_evidence_item.additional_properties = d
        return experience_fields_evidence_item

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
