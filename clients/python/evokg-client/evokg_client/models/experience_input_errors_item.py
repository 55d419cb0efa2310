from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceInputErrorsItem")


@_attrs_define
class ExperienceInputErrorsItem:
    """
    Attributes:
        error_class (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        where (str | Unset): free text, at most 65536 characters without NUL
        root_cause (str | Unset): free text, at most 65536 characters without NUL
        root_cause_confidence (float | Unset):
        recovery_procedure (str | Unset): free text, at most 65536 characters without NUL
        recovery_outcome (str | Unset): free text, at most 65536 characters without NUL
    """

    error_class: str
    where: str | Unset = UNSET
    root_cause: str | Unset = UNSET
    root_cause_confidence: float | Unset = UNSET
    recovery_procedure: str | Unset = UNSET
    recovery_outcome: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        error_class = self.error_class

        where = self.where

        root_cause = self.root_cause

        root_cause_confidence = self.root_cause_confidence

        recovery_procedure = self.recovery_procedure

        recovery_outcome = self.recovery_outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error_class": error_class,
            }
        )
        if where is not UNSET:
            field_dict["where"] = where
        if root_cause is not UNSET:
            field_dict["root_cause"] = root_cause
        if root_cause_confidence is not UNSET:
            field_dict["root_cause_confidence"] = root_cause_confidence
        if recovery_procedure is not UNSET:
            field_dict["recovery_procedure"] = recovery_procedure
        if recovery_outcome is not UNSET:
            field_dict["recovery_outcome"] = recovery_outcome

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        error_class = d.pop("error_class")

        where = d.pop("where", UNSET)

        root_cause = d.pop("root_cause", UNSET)

        root_cause_confidence = d.pop("root_cause_confidence", UNSET)

        recovery_procedure = d.pop("recovery_procedure", UNSET)

        recovery_outcome = d.pop("recovery_outcome", UNSET)

        experience_input_errors_item = cls(
            error_class=error_class,
            where=where,
            root_cause=root_cause,
            root_cause_confidence=root_cause_confidence,
            recovery_procedure=recovery_procedure,
            recovery_outcome=recovery_outcome,
        )

        return experience_input_errors_item
