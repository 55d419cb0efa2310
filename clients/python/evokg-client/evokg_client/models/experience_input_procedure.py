from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.experience_input_procedure_budgets import ExperienceInputProcedureBudgets
    from ..models.experience_input_procedure_params import ExperienceInputProcedureParams


T = TypeVar("T", bound="ExperienceInputProcedure")


@_attrs_define
class ExperienceInputProcedure:
    """
    Attributes:
        name (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        params (ExperienceInputProcedureParams | Unset): free-form parameters
        steps (list[str] | Unset):
        budgets (ExperienceInputProcedureBudgets | Unset): free-form budgets
        checkpoints (list[str] | Unset):
    """

    name: str
    params: ExperienceInputProcedureParams | Unset = UNSET
    steps: list[str] | Unset = UNSET
    budgets: ExperienceInputProcedureBudgets | Unset = UNSET
    checkpoints: list[str] | Unset = UNSET

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
        from ..models.experience_input_procedure_budgets import ExperienceInputProcedureBudgets  # noqa: PLC0415
        from ..models.experience_input_procedure_params import ExperienceInputProcedureParams  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        _params = d.pop("params", UNSET)
        params: ExperienceInputProcedureParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = ExperienceInputProcedureParams.from_dict(_params)

        steps = cast(list[str], d.pop("steps", UNSET))

        _budgets = d.pop("budgets", UNSET)
        budgets: ExperienceInputProcedureBudgets | Unset
        if isinstance(_budgets, Unset):
            budgets = UNSET
        else:
            budgets = ExperienceInputProcedureBudgets.from_dict(_budgets)

        checkpoints = cast(list[str], d.pop("checkpoints", UNSET))

        experience_input_procedure = cls(
            name=name,
            params=params,
            steps=steps,
            budgets=budgets,
            checkpoints=checkpoints,
        )

        return experience_input_procedure
