from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tool_create_input_schema import ToolCreateInputSchema
    from ..models.tool_create_output_schema import ToolCreateOutputSchema
    from ..models.tool_test import ToolTest


T = TypeVar("T", bound="ToolCreate")


@_attrs_define
class ToolCreate:
    """
    Attributes:
        name (str): a tool name, usable as a function name in model tool calls
        description (str): what the tool does; recruitment embeds it
        code (str): Starlark defining def run(input): returning a JSON value, at most 65536 bytes
        input_schema (ToolCreateInputSchema | Unset): a JSON schema the input must satisfy (no $ref to files or URLs);
            absent: any
        output_schema (ToolCreateOutputSchema | Unset): a JSON schema the output must satisfy; absent: any
        tests (list[ToolTest] | Unset):
        skill (str | Unset): at most 200 characters without NUL
        created_from (list[UUID] | Unset):
    """

    name: str
    description: str
    code: str
    input_schema: ToolCreateInputSchema | Unset = UNSET
    output_schema: ToolCreateOutputSchema | Unset = UNSET
    tests: list[ToolTest] | Unset = UNSET
    skill: str | Unset = UNSET
    created_from: list[UUID] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        code = self.code

        input_schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_schema, Unset):
            input_schema = self.input_schema.to_dict()

        output_schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output_schema, Unset):
            output_schema = self.output_schema.to_dict()

        tests: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tests, Unset):
            tests = []
            for tests_item_data in self.tests:
                tests_item = tests_item_data.to_dict()
                tests.append(tests_item)

        skill = self.skill

        created_from: list[str] | Unset = UNSET
        if not isinstance(self.created_from, Unset):
            created_from = []
            for created_from_item_data in self.created_from:
                created_from_item = str(created_from_item_data)
                created_from.append(created_from_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "description": description,
                "code": code,
            }
        )
        if input_schema is not UNSET:
            field_dict["input_schema"] = input_schema
        if output_schema is not UNSET:
            field_dict["output_schema"] = output_schema
        if tests is not UNSET:
            field_dict["tests"] = tests
        if skill is not UNSET:
            field_dict["skill"] = skill
        if created_from is not UNSET:
            field_dict["created_from"] = created_from

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_create_input_schema import ToolCreateInputSchema  # noqa: PLC0415
        from ..models.tool_create_output_schema import ToolCreateOutputSchema  # noqa: PLC0415
        from ..models.tool_test import ToolTest  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        code = d.pop("code")

        _input_schema = d.pop("input_schema", UNSET)
        input_schema: ToolCreateInputSchema | Unset
        if isinstance(_input_schema, Unset):
            input_schema = UNSET
        else:
            input_schema = ToolCreateInputSchema.from_dict(_input_schema)

        _output_schema = d.pop("output_schema", UNSET)
        output_schema: ToolCreateOutputSchema | Unset
        if isinstance(_output_schema, Unset):
            output_schema = UNSET
        else:
            output_schema = ToolCreateOutputSchema.from_dict(_output_schema)

        _tests = d.pop("tests", UNSET)
        tests: list[ToolTest] | Unset = UNSET
        if _tests is not UNSET:
            tests = []
            for tests_item_data in _tests:
                tests_item = ToolTest.from_dict(tests_item_data)

                tests.append(tests_item)

        skill = d.pop("skill", UNSET)

        _created_from = d.pop("created_from", UNSET)
        created_from: list[UUID] | Unset = UNSET
        if _created_from is not UNSET:
            created_from = []
            for created_from_item_data in _created_from:
                created_from_item = UUID(created_from_item_data)

                created_from.append(created_from_item)

        tool_create = cls(
            name=name,
            description=description,
            code=code,
            input_schema=input_schema,
            output_schema=output_schema,
            tests=tests,
            skill=skill,
            created_from=created_from,
        )

        return tool_create
