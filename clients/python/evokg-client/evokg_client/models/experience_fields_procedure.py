from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.experience_fields_procedure_budgets import ExperienceFieldsProcedureBudgets
    from ..models.experience_fields_procedure_params import ExperienceFieldsProcedureParams


T = TypeVar("T", bound="ExperienceFieldsProcedure")


@_attrs_define
class ExperienceFieldsProcedure:
    """
    Attributes:
        name (str): proc:<Name>:v<k>
        params (ExperienceFieldsProcedureParams | Unset):
        steps (list[str] | Unset):
        budgets (ExperienceFieldsProcedureBudgets | Unset):
        checkpoints (list[str] | Unset):
    """

    name: str
    params: ExperienceFieldsProcedureParams | Unset = UNSET
    steps: list[str] | Unset = UNSET
    budgets: ExperienceFieldsProcedureBudgets | Unset = UNSET
    checkpoints: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        steps: list[str] | Unset = UNSET
        if not isinstance(self.steps, Unset):
            steps = self.steps

        budgets: dict[str, Any] | Unset = UNSET
        if not isinstance(self.budgets, Unset):
            budgets = self.budgets.to_dict()

        checkpoints: list[str] | Unset = UNSET
        if not isinstance(self.checkpoints, Unset):
            checkpoints = self.checkpoints

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if params is not UNSET:
            field_dict["params"] = params
        if steps is not UNSET:
            field_dict["steps"] = steps
        if budgets is not UNSET:
            field_dict["budgets"] = budgets
        if checkpoints is not UNSET:
            field_dict["checkpoints"] = checkpoints

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.experience_fields_procedure_budgets import ExperienceFieldsProcedureBudgets  # noqa: PLC0415
        from ..models.experience_fields_procedure_params import ExperienceFieldsProcedureParams  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        _params = d.pop("params", UNSET)
        params: ExperienceFieldsProcedureParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = ExperienceFieldsProcedureParams.from_dict(_params)

        steps = cast(list[str], d.pop("steps", UNSET))

        _budgets = d.pop("budgets", UNSET)
        budgets: ExperienceFieldsProcedureBudgets | Unset
        if isinstance(_budgets, Unset):
            budgets = UNSET
        else:
            budgets = ExperienceFieldsProcedureBudgets.from_dict(_budgets)

        checkpoints = cast(list[str], d.pop("checkpoints", UNSET))

        experience_fields_procedure = cls(
            name=name,
            params=params,
            steps=steps,
            budgets=budgets,
            checkpoints=checkpoints,
        )

        experience_fields_procedure.additional_properties = d
        return experience_fields_procedure

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
