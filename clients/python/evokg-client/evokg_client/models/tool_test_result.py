from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ToolTestResult")


@_attrs_define
class ToolTestResult:
    """
    Attributes:
        input_ (Any):
        expected (Any):
        passed (bool):
        output (Any | Unset): what run returned, when it returned
        error (str | Unset): why the test failed: the limit that stopped it (steps, time, memory, output), the reason
            (syntax, load, no_run, runtime, result), the schema violated, or a wrong output
    """

    input_: Any
    expected: Any
    passed: bool
    output: Any | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_

        expected = self.expected

        passed = self.passed

        output = self.output

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "input": input_,
                "expected": expected,
                "passed": passed,
            }
        )
        if output is not UNSET:
            field_dict["output"] = output
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        input_ = d.pop("input")

        expected = d.pop("expected")

        passed = d.pop("passed")

        output = d.pop("output", UNSET)

        error = d.pop("error", UNSET)

        tool_test_result = cls(
            input_=input_,
            expected=expected,
            passed=passed,
            output=output,
            error=error,
        )

        tool_test_result.additional_properties = d
        return tool_test_result

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
