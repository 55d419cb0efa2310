from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperienceInputGoal")


@_attrs_define
class ExperienceInputGoal:
    """
    Attributes:
        task_description (str): free text, at most 65536 characters without NUL
        domain (str | Unset): free text, at most 65536 characters without NUL
        constraints (list[str] | Unset):
        verification_contract (str | Unset): free text, at most 65536 characters without NUL
        goal_signature (str | Unset): free text, at most 65536 characters without NUL
    """

    task_description: str
    domain: str | Unset = UNSET
    constraints: list[str] | Unset = UNSET
    verification_contract: str | Unset = UNSET
    goal_signature: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        task_description = self.task_description

        domain = self.domain

        constraints: list[str] | Unset = UNSET
        if not isinstance(self.constraints, Unset):
            constraints = self.constraints

        verification_contract = self.verification_contract

        goal_signature = self.goal_signature

        field_dict: dict[str, Any] = {}

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

        experience_input_goal = cls(
            task_description=task_description,
            domain=domain,
            constraints=constraints,
            verification_contract=verification_contract,
            goal_signature=goal_signature,
        )

        return experience_input_goal
