from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.epoch_run_request_pool_name import EpochRunRequestPoolName
from ..types import UNSET, Unset

T = TypeVar("T", bound="EpochRunRequestPool")


@_attrs_define
class EpochRunRequestPool:
    """
    Attributes:
        name (EpochRunRequestPoolName): a built-in pool, as evolution runs' generator names it (world episodes are
            graded by playing them, not by an answer)
        size (int | Unset): items, all splits together, at least 2; 0 takes the default (20); a size above what the pool
            supplies (digits: 135) takes the whole pool, and the run shows the size used
        seed (int | Unset): generator and split seed; 0 takes the default (1)
    """

    name: EpochRunRequestPoolName
    size: int | Unset = UNSET
    seed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        size = self.size

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if size is not UNSET:
            field_dict["size"] = size
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = EpochRunRequestPoolName(d.pop("name"))

        size = d.pop("size", UNSET)

        seed = d.pop("seed", UNSET)

        epoch_run_request_pool = cls(
            name=name,
            size=size,
            seed=seed,
        )

        return epoch_run_request_pool
