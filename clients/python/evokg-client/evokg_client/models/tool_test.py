from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ToolTest")


@_attrs_define
class ToolTest:
    """
    Attributes:
        input_ (Any): the input passed to run(input) (any JSON value), at most 16 KiB encoded
        expected (Any): the output run must return (compared as JSON values), at most 16 KiB encoded
    """

    input_: Any
    expected: Any

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_

        expected = self.expected

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input": input_,
                "expected": expected,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        input_ = d.pop("input")

        expected = d.pop("expected")

        tool_test = cls(
            input_=input_,
            expected=expected,
        )

        return tool_test
