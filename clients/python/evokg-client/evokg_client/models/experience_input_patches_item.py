from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceInputPatchesItem")


@_attrs_define
class ExperienceInputPatchesItem:
    """
    Attributes:
        patch (str): free text, 1 to 65536 characters without NUL
        trigger_signature (str | Unset): free text, at most 65536 characters without NUL
        rationale (str | Unset): free text, at most 65536 characters without NUL
        utility_delta (float | Unset):
    """

    patch: str
    trigger_signature: str | Unset = UNSET
    rationale: str | Unset = UNSET
    utility_delta: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        patch = self.patch

        trigger_signature = self.trigger_signature

        rationale = self.rationale

        utility_delta = self.utility_delta

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "patch": patch,
            }
        )
        if trigger_signature is not UNSET:
            field_dict["trigger_signature"] = trigger_signature
        if rationale is not UNSET:
            field_dict["rationale"] = rationale
        if utility_delta is not UNSET:
            field_dict["utility_delta"] = utility_delta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        patch = d.pop("patch")

        trigger_signature = d.pop("trigger_signature", UNSET)

        rationale = d.pop("rationale", UNSET)

        utility_delta = d.pop("utility_delta", UNSET)

        experience_input_patches_item = cls(
            patch=patch,
            trigger_signature=trigger_signature,
            rationale=rationale,
            utility_delta=utility_delta,
        )

        return experience_input_patches_item
