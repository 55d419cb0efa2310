from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExpertAgentCreate")


@_attrs_define
class ExpertAgentCreate:
    """
    Attributes:
        role (str):
        system_prompt (str):
        tools (list[str] | Unset):
    """

    role: str
    system_prompt: str
    tools: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        system_prompt = self.system_prompt

        tools: list[str] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = self.tools

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
                "system_prompt": system_prompt,
            }
        )
        if tools is not UNSET:
            field_dict["tools"] = tools

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = d.pop("role")

        system_prompt = d.pop("system_prompt")

        tools = cast(list[str], d.pop("tools", UNSET))

        expert_agent_create = cls(
            role=role,
            system_prompt=system_prompt,
            tools=tools,
        )

        return expert_agent_create
