from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.task_attempts_item_stuck import TaskAttemptsItemStuck
    from ..models.validation_feedback import ValidationFeedback


T = TypeVar("T", bound="TaskAttemptsItem")


@_attrs_define
class TaskAttemptsItem:
    """
    Attributes:
        n (int):
        answer (str):
        feedback (ValidationFeedback):
        created_at (datetime.datetime):
        reasoning (str | Unset):
        guidance (str | Unset): the divergent guidance this attempt got after a stuck loop
        stuck (TaskAttemptsItemStuck | Unset): this attempt repeated attempt repeat_of (a stuck loop)
    """

    n: int
    answer: str
    feedback: ValidationFeedback
    created_at: datetime.datetime
    reasoning: str | Unset = UNSET
    guidance: str | Unset = UNSET
    stuck: TaskAttemptsItemStuck | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        n = self.n

        answer = self.answer

        feedback = self.feedback.to_dict()

        created_at = self.created_at.isoformat()

        reasoning = self.reasoning

        guidance = self.guidance

        stuck: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stuck, Unset):
            stuck = self.stuck.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "n": n,
                "answer": answer,
                "feedback": feedback,
                "created_at": created_at,
            }
        )
        if reasoning is not UNSET:
            field_dict["reasoning"] = reasoning
        if guidance is not UNSET:
            field_dict["guidance"] = guidance
        if stuck is not UNSET:
            field_dict["stuck"] = stuck

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_attempts_item_stuck import TaskAttemptsItemStuck  # noqa: PLC0415
        from ..models.validation_feedback import ValidationFeedback  # noqa: PLC0415

        d = dict(src_dict)
        n = d.pop("n")

        answer = d.pop("answer")

        feedback = ValidationFeedback.from_dict(d.pop("feedback"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        reasoning = d.pop("reasoning", UNSET)

        guidance = d.pop("guidance", UNSET)

        _stuck = d.pop("stuck", UNSET)
        stuck: TaskAttemptsItemStuck | Unset
        if isinstance(_stuck, Unset):
            stuck = UNSET
        else:
            stuck = TaskAttemptsItemStuck.from_dict(_stuck)

        task_attempts_item = cls(
            n=n,
            answer=answer,
            feedback=feedback,
            created_at=created_at,
            reasoning=reasoning,
            guidance=guidance,
            stuck=stuck,
        )

        task_attempts_item.additional_properties = d
        return task_attempts_item

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
