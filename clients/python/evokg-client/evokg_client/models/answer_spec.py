from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.answer_mode import AnswerMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="AnswerSpec")


@_attrs_define
class AnswerSpec:
    """how a task type's questions are answered; choices with mode choice only, and required by it

    Attributes:
        mode (AnswerMode): text: a string; number: a JSON number; choice: exactly one of the task type's choices;
            expression: an arithmetic expression the built-in calculator evaluates, whose value is the answer
        choices (list[str] | Unset): the set a choice-mode answer is one of
    """

    mode: AnswerMode
    choices: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        choices: list[str] | Unset = UNSET
        if not isinstance(self.choices, Unset):
            choices = self.choices

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
            }
        )
        if choices is not UNSET:
            field_dict["choices"] = choices

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = AnswerMode(d.pop("mode"))

        choices = cast(list[str], d.pop("choices", UNSET))

        answer_spec = cls(
            mode=mode,
            choices=choices,
        )

        return answer_spec
