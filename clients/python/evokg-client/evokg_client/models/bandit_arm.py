from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bandit_arm_bandit import BanditArmBandit

T = TypeVar("T", bound="BanditArm")


@_attrs_define
class BanditArm:
    """
    Attributes:
        bandit (BanditArmBandit):
        key (str):
        arm (str):
    """

    bandit: BanditArmBandit
    key: str
    arm: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bandit = self.bandit.value

        key = self.key

        arm = self.arm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bandit": bandit,
                "key": key,
                "arm": arm,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bandit = BanditArmBandit(d.pop("bandit"))

        key = d.pop("key")

        arm = d.pop("arm")

        bandit_arm = cls(
            bandit=bandit,
            key=key,
            arm=arm,
        )

        bandit_arm.additional_properties = d
        return bandit_arm

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
