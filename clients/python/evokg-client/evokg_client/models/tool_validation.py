from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tool_test_result import ToolTestResult


T = TypeVar("T", bound="ToolValidation")


@_attrs_define
class ToolValidation:
    """
    Attributes:
        ran (int):
        passed (int):
        failed (int):
        results (list[ToolTestResult]):
        at (datetime.datetime):
        reason (str | Unset): why the version is not validated
    """

    ran: int
    passed: int
    failed: int
    results: list[ToolTestResult]
    at: datetime.datetime
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ran = self.ran

        passed = self.passed

        failed = self.failed

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        at = self.at.isoformat()

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ran": ran,
                "passed": passed,
                "failed": failed,
                "results": results,
                "at": at,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_test_result import ToolTestResult  # noqa: PLC0415

        d = dict(src_dict)
        ran = d.pop("ran")

        passed = d.pop("passed")

        failed = d.pop("failed")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = ToolTestResult.from_dict(results_item_data)

            results.append(results_item)

        at = datetime.datetime.fromisoformat(d.pop("at"))

        reason = d.pop("reason", UNSET)

        tool_validation = cls(
            ran=ran,
            passed=passed,
            failed=failed,
            results=results,
            at=at,
            reason=reason,
        )

        tool_validation.additional_properties = d
        return tool_validation

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
