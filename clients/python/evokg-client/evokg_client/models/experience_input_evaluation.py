from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceInputEvaluation")


@_attrs_define
class ExperienceInputEvaluation:
    """
    Attributes:
        correct (float):
        efficient (float):
        complete (float):
        teacher_feedback (str | Unset): free text, at most 65536 characters without NUL
        critic_note (str | Unset): free text, at most 65536 characters without NUL
        q (float | Unset): ignored; the server computes q from the three grades
        status (str | Unset): at most 200 characters without NUL
    """

    correct: float
    efficient: float
    complete: float
    teacher_feedback: str | Unset = UNSET
    critic_note: str | Unset = UNSET
    q: float | Unset = UNSET
    status: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        correct = self.correct

        efficient = self.efficient

        complete = self.complete

        teacher_feedback = self.teacher_feedback

        critic_note = self.critic_note

        q = self.q

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "correct": correct,
                "efficient": efficient,
                "complete": complete,
            }
        )
        if teacher_feedback is not UNSET:
            field_dict["teacher_feedback"] = teacher_feedback
        if critic_note is not UNSET:
            field_dict["critic_note"] = critic_note
        if q is not UNSET:
            field_dict["q"] = q
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        correct = d.pop("correct")

        efficient = d.pop("efficient")

        complete = d.pop("complete")

        teacher_feedback = d.pop("teacher_feedback", UNSET)

        critic_note = d.pop("critic_note", UNSET)

        q = d.pop("q", UNSET)

        status = d.pop("status", UNSET)

        experience_input_evaluation = cls(
            correct=correct,
            efficient=efficient,
            complete=complete,
            teacher_feedback=teacher_feedback,
            critic_note=critic_note,
            q=q,
            status=status,
        )

        return experience_input_evaluation
