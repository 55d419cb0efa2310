from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SignatureMatchRequest")


@_attrs_define
class SignatureMatchRequest:
    """
    Attributes:
        signature (list[str]):
        task_type (str | Unset): at most 200 characters without NUL
        threshold (float | Unset): 0 takes the default (0.6)
        limit (int | Unset): 0 takes the default (20)
    """

    signature: list[str]
    task_type: str | Unset = UNSET
    threshold: float | Unset = UNSET
    limit: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        signature = self.signature

        task_type = self.task_type

        threshold = self.threshold

        limit = self.limit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "signature": signature,
            }
        )
        if task_type is not UNSET:
            field_dict["task_type"] = task_type
        if threshold is not UNSET:
            field_dict["threshold"] = threshold
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        signature = cast(list[str], d.pop("signature"))

        task_type = d.pop("task_type", UNSET)

        threshold = d.pop("threshold", UNSET)

        limit = d.pop("limit", UNSET)

        signature_match_request = cls(
            signature=signature,
            task_type=task_type,
            threshold=threshold,
            limit=limit,
        )

        return signature_match_request
