from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bandit_state_bandit import BanditStateBandit

if TYPE_CHECKING:
    from ..models.bandit_state_arms_item import BanditStateArmsItem


T = TypeVar("T", bound="BanditState")


@_attrs_define
class BanditState:
    """
    Attributes:
        bandit (BanditStateBandit):
        key (str):
        arms (list[BanditStateArmsItem]):
    """

    bandit: BanditStateBandit
    key: str
    arms: list[BanditStateArmsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bandit = self.bandit.value

        key = self.key

        arms = []
        for arms_item_data in self.arms:
            arms_item = arms_item_data.to_dict()
            arms.append(arms_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bandit": bandit,
                "key": key,
                "arms": arms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bandit_state_arms_item import BanditStateArmsItem  # noqa: PLC0415

        d = dict(src_dict)
        bandit = BanditStateBandit(d.pop("bandit"))

        key = d.pop("key")

        arms = []
        _arms = d.pop("arms")
        for arms_item_data in _arms:
            arms_item = BanditStateArmsItem.from_dict(arms_item_data)

            arms.append(arms_item)

        bandit_state = cls(
            bandit=bandit,
            key=key,
            arms=arms,
        )

        bandit_state.additional_properties = d
        return bandit_state

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
