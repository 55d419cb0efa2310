from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceFieldsEvaluation")


@_attrs_define
class ExperienceFieldsEvaluation:
    """
    Attributes:
        correct (float):
        efficient (float):
        complete (float):
        q (float):
        status (str):
        teacher_feedback (str | Unset):
        critic_note (str | Unset): The Critic's note on the task type of a success memory; shown to the learner with the
            memory.
    """

    correct: float
    efficient: float
    complete: float
    q: float
    status: str
    teacher_feedback: str | Unset = UNSET
    critic_note: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        correct = self.correct

        efficient = self.efficient

        complete = self.complete

        q = self.q

        status = self.status

        teacher_feedback = self.teacher_feedback

        critic_note = self.critic_note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "correct": correct,
                "efficient": efficient,
                "complete": complete,
                "q": q,
                "status": status,
            }
        )
        if teacher_feedback is not UNSET:
            field_dict["teacher_feedback"] = teacher_feedback
        if critic_note is not UNSET:
            field_dict["critic_note"] = critic_note

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        correct = d.pop("correct")

        efficient = d.pop("efficient")

        complete = d.pop("complete")

        q = d.pop("q")

        status = d.pop("status")

        teacher_feedback = d.pop("teacher_feedback", UNSET)

        critic_note = d.pop("critic_note", UNSET)

        experience_fields_evaluation = cls(
            correct=correct,
            efficient=efficient,
            complete=complete,
            q=q,
            status=status,
            teacher_feedback=teacher_feedback,
            critic_note=critic_note,
        )

        experience_fields_evaluation.additional_properties = d
        return experience_fields_evaluation

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
