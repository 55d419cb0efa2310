from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.validation_feedback_outcome import ValidationFeedbackOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="ValidationFeedback")


@_attrs_define
class ValidationFeedback:
    """
    Attributes:
        passed (bool):
        outcome (ValidationFeedbackOutcome):
        root_cause (str | Unset):
        fix_target (str | Unset):
    """

    passed: bool
    outcome: ValidationFeedbackOutcome
    root_cause: str | Unset = UNSET
    fix_target: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        passed = self.passed

        outcome = self.outcome.value

        root_cause = self.root_cause

        fix_target = self.fix_target

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "passed": passed,
                "outcome": outcome,
            }
        )
        if root_cause is not UNSET:
            field_dict["root_cause"] = root_cause
        if fix_target is not UNSET:
            field_dict["fix_target"] = fix_target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        passed = d.pop("passed")

        outcome = ValidationFeedbackOutcome(d.pop("outcome"))

        root_cause = d.pop("root_cause", UNSET)

        fix_target = d.pop("fix_target", UNSET)

        validation_feedback = cls(
            passed=passed,
            outcome=outcome,
            root_cause=root_cause,
            fix_target=fix_target,
        )

        validation_feedback.additional_properties = d
        return validation_feedback

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
