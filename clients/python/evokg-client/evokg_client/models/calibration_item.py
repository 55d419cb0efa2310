from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CalibrationItem")


@_attrs_define
class CalibrationItem:
    """
    Attributes:
        id (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        question (str): free text, 1 to 65536 characters without NUL
        answer (str): free text, 1 to 65536 characters without NUL
        task_type (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        context (str | Unset): free text, at most 65536 characters without NUL
    """

    id: str
    question: str
    answer: str
    task_type: str
    context: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        question = self.question

        answer = self.answer

        task_type = self.task_type

        context = self.context

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "question": question,
                "answer": answer,
                "task_type": task_type,
            }
        )
        if context is not UNSET:
            field_dict["context"] = context

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        question = d.pop("question")

        answer = d.pop("answer")

        task_type = d.pop("task_type")

        context = d.pop("context", UNSET)

        calibration_item = cls(
            id=id,
            question=question,
            answer=answer,
            task_type=task_type,
            context=context,
        )

        return calibration_item
