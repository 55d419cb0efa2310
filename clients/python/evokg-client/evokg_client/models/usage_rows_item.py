from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UsageRowsItem")


@_attrs_define
class UsageRowsItem:
    """
    Attributes:
        role (str):
        model (str):
        calls (int):
        errors (int):
        prompt_tokens (int):
        completion_tokens (int):
    """

    role: str
    model: str
    calls: int
    errors: int
    prompt_tokens: int
    completion_tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        model = self.model

        calls = self.calls

        errors = self.errors

        prompt_tokens = self.prompt_tokens

        completion_tokens = self.completion_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
                "model": model,
                "calls": calls,
                "errors": errors,
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = d.pop("role")

        model = d.pop("model")

        calls = d.pop("calls")

        errors = d.pop("errors")

        prompt_tokens = d.pop("prompt_tokens")

        completion_tokens = d.pop("completion_tokens")

        usage_rows_item = cls(
            role=role,
            model=model,
            calls=calls,
            errors=errors,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
        )

        usage_rows_item.additional_properties = d
        return usage_rows_item

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
