from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnswerRequest")


@_attrs_define
class AnswerRequest:
    """
    Attributes:
        question (str): free text, 1 to 65536 characters without NUL
        task_type (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        context (str | Unset): free text, at most 65536 characters without NUL
        skill (str | Unset): at most 200 characters without NUL
    """

    question: str
    task_type: str
    context: str | Unset = UNSET
    skill: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        task_type = self.task_type

        context = self.context

        skill = self.skill

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "question": question,
                "task_type": task_type,
            }
        )
        if context is not UNSET:
            field_dict["context"] = context
        if skill is not UNSET:
            field_dict["skill"] = skill

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        question = d.pop("question")

        task_type = d.pop("task_type")

        context = d.pop("context", UNSET)

        skill = d.pop("skill", UNSET)

        answer_request = cls(
            question=question,
            task_type=task_type,
            context=context,
            skill=skill,
        )

        return answer_request
