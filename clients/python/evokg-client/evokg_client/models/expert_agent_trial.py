from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExpertAgentTrial")


@_attrs_define
class ExpertAgentTrial:
    """an agent evolution wrote: how the learner did on validation items of its task type with it and without it; it passed
    when right more often with it than without

        Attributes:
            items (list[str]): the validation items' ids
            with_agent (int):
            without_agent (int):
            passed (bool):
            at (datetime.datetime):
    """

    items: list[str]
    with_agent: int
    without_agent: int
    passed: bool
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = self.items

        with_agent = self.with_agent

        without_agent = self.without_agent

        passed = self.passed

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "with_agent": with_agent,
                "without_agent": without_agent,
                "passed": passed,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        items = cast(list[str], d.pop("items"))

        with_agent = d.pop("with_agent")

        without_agent = d.pop("without_agent")

        passed = d.pop("passed")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        expert_agent_trial = cls(
            items=items,
            with_agent=with_agent,
            without_agent=without_agent,
            passed=passed,
            at=at,
        )

        expert_agent_trial.additional_properties = d
        return expert_agent_trial

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
