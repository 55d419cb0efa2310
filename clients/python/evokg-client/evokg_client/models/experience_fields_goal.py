from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceFieldsGoal")


@_attrs_define
class ExperienceFieldsGoal:
    """
    Attributes:
        task_description (str):
        domain (str | Unset):
        constraints (list[str] | Unset):
        verification_contract (str | Unset):
        goal_signature (str | Unset):
    """

    task_description: str
    domain: str | Unset = UNSET
    constraints: list[str] | Unset = UNSET
    verification_contract: str | Unset = UNSET
    goal_signature: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        task_description = self.task_description

        domain = self.domain

        constraints: list[str] | Unset = UNSET
        if not isinstance(self.constraints, Unset):
            constraints = self.constraints

        verification_contract = self.verification_contract

        goal_signature = self.goal_signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "task_description": task_description,
            }
        )
        if domain is not UNSET:
            field_dict["domain"] = domain
        if constraints is not UNSET:
            field_dict["constraints"] = constraints
        if verification_contract is not UNSET:
            field_dict["verification_contract"] = verification_contract
        if goal_signature is not UNSET:
            field_dict["goal_signature"] = goal_signature

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        task_description = d.pop("task_description")

        domain = d.pop("domain", UNSET)

        constraints = cast(list[str], d.pop("constraints", UNSET))

        verification_contract = d.pop("verification_contract", UNSET)

        goal_signature = d.pop("goal_signature", UNSET)

        experience_fields_goal = cls(
            task_description=task_description,
            domain=domain,
            constraints=constraints,
            verification_contract=verification_contract,
            goal_signature=goal_signature,
        )

        experience_fields_goal.additional_properties = d
        return experience_fields_goal

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
