from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ToolUse")


@_attrs_define
class ToolUse:
    """
    Attributes:
        round_ (int): the ReAct round of the call
        tool (str):
        input_ (Any): the call's arguments as the learner wrote them
        call_id (str | Unset): the model's id of the call
        output (Any | Unset): what the tool returned
        error (str | Unset): why the call gave no output: a tool not offered, an input or output outside its schema, the
            sandbox limit that stopped it
    """

    round_: int
    tool: str
    input_: Any
    call_id: str | Unset = UNSET
    output: Any | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        tool = self.tool

        input_ = self.input_

        call_id = self.call_id

        output = self.output

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "tool": tool,
                "input": input_,
            }
        )
        if call_id is not UNSET:
            field_dict["call_id"] = call_id
        if output is not UNSET:
            field_dict["output"] = output
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        tool = d.pop("tool")

        input_ = d.pop("input")

        call_id = d.pop("call_id", UNSET)

        output = d.pop("output", UNSET)

        error = d.pop("error", UNSET)

        tool_use = cls(
            round_=round_,
            tool=tool,
            input_=input_,
            call_id=call_id,
            output=output,
            error=error,
        )

        tool_use.additional_properties = d
        return tool_use

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
