from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NeighborsRequest")


@_attrs_define
class NeighborsRequest:
    """
    Attributes:
        seeds (list[UUID]):
        hops (int | Unset): 1 or 2; 0 takes the default (2)
        limit (int | Unset): 0 takes the default (50)
    """

    seeds: list[UUID]
    hops: int | Unset = UNSET
    limit: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seeds = []
        for seeds_item_data in self.seeds:
            seeds_item = str(seeds_item_data)
            seeds.append(seeds_item)

        hops = self.hops

        limit = self.limit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seeds": seeds,
            }
        )
        if hops is not UNSET:
            field_dict["hops"] = hops
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seeds = []
        _seeds = d.pop("seeds")
        for seeds_item_data in _seeds:
            seeds_item = UUID(seeds_item_data)

            seeds.append(seeds_item)

        hops = d.pop("hops", UNSET)

        limit = d.pop("limit", UNSET)

        neighbors_request = cls(
            seeds=seeds,
            hops=hops,
            limit=limit,
        )

        return neighbors_request
