from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceInputEvidenceItem")


@_attrs_define
class ExperienceInputEvidenceItem:
    """
    Attributes:
        kind (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        locator (str): free text, 1 to 65536 characters without NUL
        sha256 (str | Unset):
        trust (float | Unset):
    """

    kind: str
    locator: str
    sha256: str | Unset = UNSET
    trust: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        locator = self.locator

        sha256 = self.sha256

        trust = self.trust

        field_dict: dict[str, Any] = {}

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

        experience_input_evidence_item = cls(
            kind=kind,
            locator=locator,
            sha256=sha256,
            trust=trust,
        )

        return experience_input_evidence_item
