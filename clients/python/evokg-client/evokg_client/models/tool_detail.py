from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tool_state import ToolState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tool_input_schema import ToolInputSchema
    from ..models.tool_output_schema import ToolOutputSchema
    from ..models.tool_stats import ToolStats
    from ..models.tool_test import ToolTest
    from ..models.tool_validation import ToolValidation
    from ..models.tool_version import ToolVersion


T = TypeVar("T", bound="ToolDetail")


@_attrs_define
class ToolDetail:
    """
    Attributes:
        id (UUID):
        name (str):
        version (int):
        description (str):
        code (str):
        tests (list[ToolTest]):
        validated (bool):
        validation (ToolValidation):
        created_at (datetime.datetime):
        state (ToolState): retired: its calls kept failing; kept and shown, never recruited until restored
        stats (ToolStats): how the learner's calls of the tool (every version) fared
        versions (list[ToolVersion]): every version, newest first
        input_schema (ToolInputSchema | Unset):
        output_schema (ToolOutputSchema | Unset):
        skill (str | Unset): the skill that HAS_TOOL it
        created_from (list[UUID] | Unset): the experiences it was CREATED_FROM
    """

    id: UUID
    name: str
    version: int
    description: str
    code: str
    tests: list[ToolTest]
    validated: bool
    validation: ToolValidation
    created_at: datetime.datetime
    state: ToolState
    stats: ToolStats
    versions: list[ToolVersion]
    input_schema: ToolInputSchema | Unset = UNSET
    output_schema: ToolOutputSchema | Unset = UNSET
    skill: str | Unset = UNSET
    created_from: list[UUID] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        version = self.version

        description = self.description

        code = self.code

        tests = []
        for tests_item_data in self.tests:
            tests_item = tests_item_data.to_dict()
            tests.append(tests_item)

        validated = self.validated

        validation = self.validation.to_dict()

        created_at = self.created_at.isoformat()

        state = self.state.value

        stats = self.stats.to_dict()

        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        input_schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_schema, Unset):
            input_schema = self.input_schema.to_dict()

        output_schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output_schema, Unset):
            output_schema = self.output_schema.to_dict()

        skill = self.skill

        created_from: list[str] | Unset = UNSET
        if not isinstance(self.created_from, Unset):
            created_from = []
            for created_from_item_data in self.created_from:
                created_from_item = str(created_from_item_data)
                created_from.append(created_from_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "version": version,
                "description": description,
                "code": code,
                "tests": tests,
                "validated": validated,
                "validation": validation,
                "created_at": created_at,
                "state": state,
                "stats": stats,
                "versions": versions,
            }
        )
        if input_schema is not UNSET:
            field_dict["input_schema"] = input_schema
        if output_schema is not UNSET:
            field_dict["output_schema"] = output_schema
        if skill is not UNSET:
            field_dict["skill"] = skill
        if created_from is not UNSET:
            field_dict["created_from"] = created_from

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_input_schema import ToolInputSchema  # noqa: PLC0415
        from ..models.tool_output_schema import ToolOutputSchema  # noqa: PLC0415
        from ..models.tool_stats import ToolStats  # noqa: PLC0415
        from ..models.tool_test import ToolTest  # noqa: PLC0415
        from ..models.tool_validation import ToolValidation  # noqa: PLC0415
        from ..models.tool_version import ToolVersion  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        version = d.pop("version")

        description = d.pop("description")

        code = d.pop("code")

        tests = []
        _tests = d.pop("tests")
        for tests_item_data in _tests:
            tests_item = ToolTest.from_dict(tests_item_data)

            tests.append(tests_item)

        validated = d.pop("validated")

        validation = ToolValidation.from_dict(d.pop("validation"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        state = ToolState(d.pop("state"))

        stats = ToolStats.from_dict(d.pop("stats"))

        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = ToolVersion.from_dict(versions_item_data)

            versions.append(versions_item)

        _input_schema = d.pop("input_schema", UNSET)
        input_schema: ToolInputSchema | Unset
        if isinstance(_input_schema, Unset):
            input_schema = UNSET
        else:
            input_schema = ToolInputSchema.from_dict(_input_schema)

        _output_schema = d.pop("output_schema", UNSET)
        output_schema: ToolOutputSchema | Unset
        if isinstance(_output_schema, Unset):
            output_schema = UNSET
        else:
            output_schema = ToolOutputSchema.from_dict(_output_schema)

        skill = d.pop("skill", UNSET)

        _created_from = d.pop("created_from", UNSET)
        created_from: list[UUID] | Unset = UNSET
        if _created_from is not UNSET:
            created_from = []
            for created_from_item_data in _created_from:
                created_from_item = UUID(created_from_item_data)

                created_from.append(created_from_item)

        tool_detail = cls(
            id=id,
            name=name,
            version=version,
            description=description,
            code=code,
            tests=tests,
            validated=validated,
            validation=validation,
            created_at=created_at,
            state=state,
            stats=stats,
            versions=versions,
            input_schema=input_schema,
            output_schema=output_schema,
            skill=skill,
            created_from=created_from,
        )

        tool_detail.additional_properties = d
        return tool_detail

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
