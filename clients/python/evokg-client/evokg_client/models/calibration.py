from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.profile_score import ProfileScore


T = TypeVar("T", bound="Calibration")


@_attrs_define
class Calibration:
    """the measurement that chose a profile

    Attributes:
        items (list[str]): the ids of the validation items answered
        scores (list[ProfileScore]): each candidate's figures, in the order compared
        learner_calls (int): the learner-model calls the calibration made (one per answer unless a reply needed a
            repair)
        at (datetime.datetime):
    """

    items: list[str]
    scores: list[ProfileScore]
    learner_calls: int
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = self.items

        scores = []
        for scores_item_data in self.scores:
            scores_item = scores_item_data.to_dict()
            scores.append(scores_item)

        learner_calls = self.learner_calls

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "scores": scores,
                "learner_calls": learner_calls,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.profile_score import ProfileScore  # noqa: PLC0415

        d = dict(src_dict)
        items = cast(list[str], d.pop("items"))

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = ProfileScore.from_dict(scores_item_data)

            scores.append(scores_item)

        learner_calls = d.pop("learner_calls")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        calibration = cls(
            items=items,
            scores=scores,
            learner_calls=learner_calls,
            at=at,
        )

        calibration.additional_properties = d
        return calibration

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
