from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ToolStats")


@_attrs_define
class ToolStats:
    """how the learner's calls of the tool (every version) fared

    Attributes:
        calls (int):
        completed (int): calls that returned a value without error
        errors (int): calls the tool refused or failed
        limited (int): errors a sandbox limit stopped (time, steps, memory, output)
        graded_right (int): calls of answers later graded right (an evolution run's grading, or feedback with a reward
            of at least 0.5)
        graded_wrong (int): calls of answers later graded wrong
        judged (int): the retirement rule's count since the tool was last restored: every error, and every completed
            call once its answer is graded
        judged_failed (int): judged calls that failed (an error, or a completed call of an answer graded wrong)
        last_called_at (datetime.datetime | Unset):
        retired_at (datetime.datetime | Unset):
        retired_reason (str | Unset):
        restored_at (datetime.datetime | Unset):
    """

    calls: int
    completed: int
    errors: int
    limited: int
    graded_right: int
    graded_wrong: int
    judged: int
    judged_failed: int
    last_called_at: datetime.datetime | Unset = UNSET
    retired_at: datetime.datetime | Unset = UNSET
    retired_reason: str | Unset = UNSET
    restored_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        calls = self.calls

        completed = self.completed

        errors = self.errors

        limited = self.limited

        graded_right = self.graded_right

        graded_wrong = self.graded_wrong

        judged = self.judged

        judged_failed = self.judged_failed

        last_called_at: str | Unset = UNSET
        if not isinstance(self.last_called_at, Unset):
            last_called_at = self.last_called_at.isoformat()

        retired_at: str | Unset = UNSET
        if not isinstance(self.retired_at, Unset):
            retired_at = self.retired_at.isoformat()

        retired_reason = self.retired_reason

        restored_at: str | Unset = UNSET
        if not isinstance(self.restored_at, Unset):
            restored_at = self.restored_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "calls": calls,
                "completed": completed,
                "errors": errors,
                "limited": limited,
                "graded_right": graded_right,
                "graded_wrong": graded_wrong,
                "judged": judged,
                "judged_failed": judged_failed,
            }
        )
        if last_called_at is not UNSET:
            field_dict["last_called_at"] = last_called_at
        if retired_at is not UNSET:
            field_dict["retired_at"] = retired_at
        if retired_reason is not UNSET:
            field_dict["retired_reason"] = retired_reason
        if restored_at is not UNSET:
            field_dict["restored_at"] = restored_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        calls = d.pop("calls")

        completed = d.pop("completed")

        errors = d.pop("errors")

        limited = d.pop("limited")

        graded_right = d.pop("graded_right")

        graded_wrong = d.pop("graded_wrong")

        judged = d.pop("judged")

        judged_failed = d.pop("judged_failed")

        _last_called_at = d.pop("last_called_at", UNSET)
        last_called_at: datetime.datetime | Unset
        if isinstance(_last_called_at, Unset):
            last_called_at = UNSET
        else:
            last_called_at = datetime.datetime.fromisoformat(_last_called_at)

        _retired_at = d.pop("retired_at", UNSET)
        retired_at: datetime.datetime | Unset
        if isinstance(_retired_at, Unset):
            retired_at = UNSET
        else:
            retired_at = datetime.datetime.fromisoformat(_retired_at)

        retired_reason = d.pop("retired_reason", UNSET)

        _restored_at = d.pop("restored_at", UNSET)
        restored_at: datetime.datetime | Unset
        if isinstance(_restored_at, Unset):
            restored_at = UNSET
        else:
            restored_at = datetime.datetime.fromisoformat(_restored_at)

        tool_stats = cls(
            calls=calls,
            completed=completed,
            errors=errors,
            limited=limited,
            graded_right=graded_right,
            graded_wrong=graded_wrong,
            judged=judged,
            judged_failed=judged_failed,
            last_called_at=last_called_at,
            retired_at=retired_at,
            retired_reason=retired_reason,
            restored_at=restored_at,
        )

        tool_stats.additional_properties = d
        return tool_stats

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
