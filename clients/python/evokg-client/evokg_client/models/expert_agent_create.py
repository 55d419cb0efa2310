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
        task_type (str | Unset): the task type the agent serves; it is then recruited only for that task type's
            questions (empty or absent for any)
    """

    role: str
    system_prompt: str
    tools: list[str] | Unset = UNSET
    task_type: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        system_prompt = self.system_prompt

        tools: list[str] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = self.tools

        task_type = self.task_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
                "system_prompt": system_prompt,
            }
        )
        if tools is not UNSET:
            field_dict["tools"] = tools
        if task_type is not UNSET:
            field_dict["task_type"] = task_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = d.pop("role")

        system_prompt = d.pop("system_prompt")

        tools = cast(list[str], d.pop("tools", UNSET))

        task_type = d.pop("task_type", UNSET)

        expert_agent_create = cls(
            role=role,
            system_prompt=system_prompt,
            tools=tools,
            task_type=task_type,
        )

        return expert_agent_create
