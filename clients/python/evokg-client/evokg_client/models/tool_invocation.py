from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ToolInvocation")


@_attrs_define
class ToolInvocation:
    """
    Attributes:
        input_ (Any): the input passed to run(input) (any JSON value)
    """

    input_: Any

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input": input_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        input_ = d.pop("input")

        tool_invocation = cls(
            input_=input_,
        )

        return tool_invocation
