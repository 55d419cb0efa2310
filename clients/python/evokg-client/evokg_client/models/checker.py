from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Checker")


@_attrs_define
class Checker:
    """a task type's rule check, declared by the client (PUT /v1/namespaces/{ns}/task-types/{name})

    Attributes:
        pattern (str): an RE2 regular expression matching an expression of the rule, one capture group per operand
        code (str): Starlark defining run(operands): the rule's value for the captured operands (a list of strings) as a
            number, or None when it cannot tell
        example (str): a text stating an expression the pattern matches with its true value, the checker's own test
    """

    pattern: str
    code: str
    example: str

    def to_dict(self) -> dict[str, Any]:
        pattern = self.pattern

        code = self.code

        example = self.example

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pattern": pattern,
                "code": code,
                "example": example,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pattern = d.pop("pattern")

        code = d.pop("code")

        example = d.pop("example")

        checker = cls(
            pattern=pattern,
            code=code,
            example=example,
        )

        return checker
