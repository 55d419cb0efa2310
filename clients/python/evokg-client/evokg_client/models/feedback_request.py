from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FeedbackRequest")


@_attrs_define
class FeedbackRequest:
    """
    Attributes:
        reward (float):
        comment (str | Unset): free text, at most 65536 characters without NUL
    """

    reward: float
    comment: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reward = self.reward

        comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reward": reward,
            }
        )
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reward = d.pop("reward")

        comment = d.pop("comment", UNSET)

        feedback_request = cls(
            reward=reward,
            comment=comment,
        )

        return feedback_request
