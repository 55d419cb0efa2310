from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.answer_spec import AnswerSpec
    from ..models.checker import Checker


T = TypeVar("T", bound="TaskTypeDeclaration")


@_attrs_define
class TaskTypeDeclaration:
    """
    Attributes:
        answer (AnswerSpec): how a task type's questions are answered; choices with mode choice only, and required by it
        description (str | Unset): free text, at most 65536 characters without NUL
        checker (Checker | Unset): a task type's rule check, declared by the client (PUT /v1/namespaces/{ns}/task-
            types/{name})
    """

    answer: AnswerSpec
    description: str | Unset = UNSET
    checker: Checker | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        answer = self.answer.to_dict()

        description = self.description

        checker: dict[str, Any] | Unset = UNSET
        if not isinstance(self.checker, Unset):
            checker = self.checker.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "answer": answer,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if checker is not UNSET:
            field_dict["checker"] = checker

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.answer_spec import AnswerSpec  # noqa: PLC0415
        from ..models.checker import Checker  # noqa: PLC0415

        d = dict(src_dict)
        answer = AnswerSpec.from_dict(d.pop("answer"))

        description = d.pop("description", UNSET)

        _checker = d.pop("checker", UNSET)
        checker: Checker | Unset
        if isinstance(_checker, Unset):
            checker = UNSET
        else:
            checker = Checker.from_dict(_checker)

        task_type_declaration = cls(
            answer=answer,
            description=description,
            checker=checker,
        )

        return task_type_declaration
