from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BanditStateArmsItem")


@_attrs_define
class BanditStateArmsItem:
    """
    Attributes:
        arm (str):
        alpha (float):
        beta (float):
        pulls (int):
        mean (float):
    """

    arm: str
    alpha: float
    beta: float
    pulls: int
    mean: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        arm = self.arm

        alpha = self.alpha

        beta = self.beta

        pulls = self.pulls

        mean = self.mean

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "arm": arm,
                "alpha": alpha,
                "beta": beta,
                "pulls": pulls,
                "mean": mean,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arm = d.pop("arm")

        alpha = d.pop("alpha")

        beta = d.pop("beta")

        pulls = d.pop("pulls")

        mean = d.pop("mean")

        bandit_state_arms_item = cls(
            arm=arm,
            alpha=alpha,
            beta=beta,
            pulls=pulls,
            mean=mean,
        )

        bandit_state_arms_item.additional_properties = d
        return bandit_state_arms_item

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
