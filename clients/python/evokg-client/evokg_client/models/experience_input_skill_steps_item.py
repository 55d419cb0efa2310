from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExperienceInputSkillStepsItem")


@_attrs_define
class ExperienceInputSkillStepsItem:
    """
    Attributes:
        skill (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        output (str): free text, at most 65536 characters without NUL
    """

    skill: str
    output: str

    def to_dict(self) -> dict[str, Any]:
        skill = self.skill

        output = self.output

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "skill": skill,
                "output": output,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        skill = d.pop("skill")

        output = d.pop("output")

        experience_input_skill_steps_item = cls(
            skill=skill,
            output=output,
        )

        return experience_input_skill_steps_item
