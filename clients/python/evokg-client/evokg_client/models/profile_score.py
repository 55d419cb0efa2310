from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.learner_profile import LearnerProfile


T = TypeVar("T", bound="ProfileScore")


@_attrs_define
class ProfileScore:
    """
    Attributes:
        profile (LearnerProfile): how a learner model is given memory and asked to answer
        correct (int):
        items (int):
        accuracy (float):
        invalid (int): items the learner gave no valid reply to under this profile, even after repairs (counted wrong)
    """

    profile: LearnerProfile
    correct: int
    items: int
    accuracy: float
    invalid: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        profile = self.profile.to_dict()

        correct = self.correct

        items = self.items

        accuracy = self.accuracy

        invalid = self.invalid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "profile": profile,
                "correct": correct,
                "items": items,
                "accuracy": accuracy,
                "invalid": invalid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.learner_profile import LearnerProfile  # noqa: PLC0415

        d = dict(src_dict)
        profile = LearnerProfile.from_dict(d.pop("profile"))

        correct = d.pop("correct")

        items = d.pop("items")

        accuracy = d.pop("accuracy")

        invalid = d.pop("invalid")

        profile_score = cls(
            profile=profile,
            correct=correct,
            items=items,
            accuracy=accuracy,
            invalid=invalid,
        )

        profile_score.additional_properties = d
        return profile_score

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
