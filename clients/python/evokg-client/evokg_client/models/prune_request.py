from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PruneRequest")


@_attrs_define
class PruneRequest:
    """
    Attributes:
        threshold (float):
        dry_run (bool | Unset):
    """

    threshold: float
    dry_run: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        threshold = self.threshold

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "threshold": threshold,
            }
        )
        if dry_run is not UNSET:
            field_dict["dry_run"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        threshold = d.pop("threshold")

        dry_run = d.pop("dry_run", UNSET)

        prune_request = cls(
            threshold=threshold,
            dry_run=dry_run,
        )

        return prune_request
