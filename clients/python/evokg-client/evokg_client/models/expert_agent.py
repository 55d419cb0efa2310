from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.expert_agent_trial import ExpertAgentTrial


T = TypeVar("T", bound="ExpertAgent")


@_attrs_define
class ExpertAgent:
    """
    Attributes:
        id (UUID):
        role (str):
        version (int):
        system_prompt (str):
        tools (list[str]):
        tool_ids (list[UUID]): the tool versions it CAN_USE
        validated (bool): all its CAN_USE tool versions were validated and, for an agent evolution wrote, its trial
            passed; only a validated agent is recruited
        created_at (datetime.datetime):
        task_type (str | Unset): the task type it serves; absent for any
        trial (ExpertAgentTrial | Unset): an agent evolution wrote: how the learner did on validation items of its task
            type with it and without it; it passed when right more often with it than without
    """

    id: UUID
    role: str
    version: int
    system_prompt: str
    tools: list[str]
    tool_ids: list[UUID]
    validated: bool
    created_at: datetime.datetime
    task_type: str | Unset = UNSET
    trial: ExpertAgentTrial | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        role = self.role

        version = self.version

        system_prompt = self.system_prompt

        tools = self.tools

        tool_ids = []
        for tool_ids_item_data in self.tool_ids:
            tool_ids_item = str(tool_ids_item_data)
            tool_ids.append(tool_ids_item)

        validated = self.validated

        created_at = self.created_at.isoformat()

        task_type = self.task_type

        trial: dict[str, Any] | Unset = UNSET
        if not isinstance(self.trial, Unset):
            trial = self.trial.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "role": role,
                "version": version,
                "system_prompt": system_prompt,
                "tools": tools,
                "tool_ids": tool_ids,
                "validated": validated,
                "created_at": created_at,
            }
        )
        if task_type is not UNSET:
            field_dict["task_type"] = task_type
        if trial is not UNSET:
            field_dict["trial"] = trial

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.expert_agent_trial import ExpertAgentTrial  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        role = d.pop("role")

        version = d.pop("version")

        system_prompt = d.pop("system_prompt")

        tools = cast(list[str], d.pop("tools"))

        tool_ids = []
        _tool_ids = d.pop("tool_ids")
        for tool_ids_item_data in _tool_ids:
            tool_ids_item = UUID(tool_ids_item_data)

            tool_ids.append(tool_ids_item)

        validated = d.pop("validated")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        task_type = d.pop("task_type", UNSET)

        _trial = d.pop("trial", UNSET)
        trial: ExpertAgentTrial | Unset
        if isinstance(_trial, Unset):
            trial = UNSET
        else:
            trial = ExpertAgentTrial.from_dict(_trial)

        expert_agent = cls(
            id=id,
            role=role,
            version=version,
            system_prompt=system_prompt,
            tools=tools,
            tool_ids=tool_ids,
            validated=validated,
            created_at=created_at,
            task_type=task_type,
            trial=trial,
        )

        expert_agent.additional_properties = d
        return expert_agent

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
