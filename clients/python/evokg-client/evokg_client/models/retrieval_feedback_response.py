from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bandit_arm import BanditArm


T = TypeVar("T", bound="RetrievalFeedbackResponse")


@_attrs_define
class RetrievalFeedbackResponse:
    """
    Attributes:
        retrieval_id (UUID):
        reward (float):
        updated (list[BanditArm]):
    """

    retrieval_id: UUID
    reward: float
    updated: list[BanditArm]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        retrieval_id = str(self.retrieval_id)

        reward = self.reward

        updated = []
        for updated_item_data in self.updated:
            updated_item = updated_item_data.to_dict()
            updated.append(updated_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "retrieval_id": retrieval_id,
                "reward": reward,
                "updated": updated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bandit_arm import BanditArm  # noqa: PLC0415

        d = dict(src_dict)
        retrieval_id = UUID(d.pop("retrieval_id"))

        reward = d.pop("reward")

        updated = []
        _updated = d.pop("updated")
        for updated_item_data in _updated:
            updated_item = BanditArm.from_dict(updated_item_data)

            updated.append(updated_item)

        retrieval_feedback_response = cls(
            retrieval_id=retrieval_id,
            reward=reward,
            updated=updated,
        )

        retrieval_feedback_response.additional_properties = d
        return retrieval_feedback_response

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
