from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.answer_spec import AnswerSpec


T = TypeVar("T", bound="TaskTypeDeclaration")


@_attrs_define
class TaskTypeDeclaration:
    """
    Attributes:
        answer (AnswerSpec): how a task type's questions are answered; choices with mode choice only, and required by it
        description (str | Unset): free text, at most 65536 characters without NUL
    """

    answer: AnswerSpec
    description: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        answer = self.answer.to_dict()

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "answer": answer,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.answer_spec import AnswerSpec  # noqa: PLC0415

        d = dict(src_dict)
        answer = AnswerSpec.from_dict(d.pop("answer"))

        description = d.pop("description", UNSET)

        task_type_declaration = cls(
            answer=answer,
            description=description,
        )

        return task_type_declaration
