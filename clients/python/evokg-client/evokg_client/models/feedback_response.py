from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bandit_arm import BanditArm


T = TypeVar("T", bound="FeedbackResponse")


@_attrs_define
class FeedbackResponse:
    """
    Attributes:
        answer_id (UUID):
        reward (float):
        updated (list[BanditArm]):
        quarantined (list[UUID] | Unset): the memories the answer showed that this reward's live evidence took out of
            service (right clearly less often than the task type's answers); absent when none
    """

    answer_id: UUID
    reward: float
    updated: list[BanditArm]
    quarantined: list[UUID] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        answer_id = str(self.answer_id)

        reward = self.reward

        updated = []
        for updated_item_data in self.updated:
            updated_item = updated_item_data.to_dict()
            updated.append(updated_item)

        quarantined: list[str] | Unset = UNSET
        if not isinstance(self.quarantined, Unset):
            quarantined = []
            for quarantined_item_data in self.quarantined:
                quarantined_item = str(quarantined_item_data)
                quarantined.append(quarantined_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "answer_id": answer_id,
                "reward": reward,
                "updated": updated,
            }
        )
        if quarantined is not UNSET:
            field_dict["quarantined"] = quarantined

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bandit_arm import BanditArm  # noqa: PLC0415

        d = dict(src_dict)
        answer_id = UUID(d.pop("answer_id"))

        reward = d.pop("reward")

        updated = []
        _updated = d.pop("updated")
        for updated_item_data in _updated:
            updated_item = BanditArm.from_dict(updated_item_data)

            updated.append(updated_item)

        _quarantined = d.pop("quarantined", UNSET)
        quarantined: list[UUID] | Unset = UNSET
        if _quarantined is not UNSET:
            quarantined = []
            for quarantined_item_data in _quarantined:
                quarantined_item = UUID(quarantined_item_data)

                quarantined.append(quarantined_item)

        feedback_response = cls(
            answer_id=answer_id,
            reward=reward,
            updated=updated,
            quarantined=quarantined,
        )

        feedback_response.additional_properties = d
        return feedback_response

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
