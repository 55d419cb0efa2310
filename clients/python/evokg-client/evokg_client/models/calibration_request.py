from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.calibration_item import CalibrationItem
    from ..models.learner_profile import LearnerProfile


T = TypeVar("T", bound="CalibrationRequest")


@_attrs_define
class CalibrationRequest:
    """
    Attributes:
        items (list[CalibrationItem]): validation items (never the items you will measure on), each answered with every
            candidate
        candidates (list[LearnerProfile] | Unset): the profiles to compare, the first kept on a tie; absent for the four
            built-in ones
    """

    items: list[CalibrationItem]
    candidates: list[LearnerProfile] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        candidates: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.candidates, Unset):
            candidates = []
            for candidates_item_data in self.candidates:
                candidates_item = candidates_item_data.to_dict()
                candidates.append(candidates_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )
        if candidates is not UNSET:
            field_dict["candidates"] = candidates

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calibration_item import CalibrationItem  # noqa: PLC0415
        from ..models.learner_profile import LearnerProfile  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = CalibrationItem.from_dict(items_item_data)

            items.append(items_item)

        _candidates = d.pop("candidates", UNSET)
        candidates: list[LearnerProfile] | Unset = UNSET
        if _candidates is not UNSET:
            candidates = []
            for candidates_item_data in _candidates:
                candidates_item = LearnerProfile.from_dict(candidates_item_data)

                candidates.append(candidates_item)

        calibration_request = cls(
            items=items,
            candidates=candidates,
        )

        return calibration_request
