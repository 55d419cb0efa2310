from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ErrorRecord")


@_attrs_define
class ErrorRecord:
    """
    Attributes:
        error_class (str):
        where (str | Unset):
        root_cause (str | Unset):
        root_cause_confidence (float | Unset):
        recovery_procedure (str | Unset):
        recovery_outcome (str | Unset):
    """

    error_class: str
    where: str | Unset = UNSET
    root_cause: str | Unset = UNSET
    root_cause_confidence: float | Unset = UNSET
    recovery_procedure: str | Unset = UNSET
    recovery_outcome: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error_class = self.error_class

        where = self.where

        root_cause = self.root_cause

        root_cause_confidence = self.root_cause_confidence

        recovery_procedure = self.recovery_procedure

        recovery_outcome = self.recovery_outcome

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        error_record = cls(
            error_class=error_class,
            where=where,
            root_cause=root_cause,
            root_cause_confidence=root_cause_confidence,
            recovery_procedure=recovery_procedure,
            recovery_outcome=recovery_outcome,
        )

        error_record.additional_properties = d
        return error_record

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
