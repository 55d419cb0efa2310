from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.a_match_against_gold_exact_normalized import AMatchAgainstGoldExactNormalized
    from ..models.ajson_schema_json_schema import AJSONSchemaJsonSchema
    from ..models.code_with_tests_code import CodeWithTestsCode
    from ..models.the_clients_checker_webhook import TheClientsCheckerWebhook


T = TypeVar("T", bound="TaskRequest")


@_attrs_define
class TaskRequest:
    """
    Attributes:
        question (str):
        task_type (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        validator (AJSONSchemaJsonSchema | AMatchAgainstGoldExactNormalized | CodeWithTestsCode |
            TheClientsCheckerWebhook): exact: the answer equals gold, trimmed. normalized: numerically when
            gold is a number (the answer must hold exactly one), else as
            lower-cased text without punctuation and articles. json_schema: the
            answer is one JSON document valid against schema. code: the answer is
            Starlark defining run(input), run on each test in the asset sandbox
            (json and math only, step, time, memory and output limits) and
            compared with its expected value. webhook: the attempt is POSTed as
            JSON (task_id, attempt, question, task_type, context, answer) to url,
            which answers 200 with {passed, outcome?, root_cause?, fix_target?};
            no redirect is followed and each call has a timeout.
        context (str | Unset):
        max_iterations (int | Unset): J; 0 takes the validator's default (3 for code, 10 otherwise)
    """

    question: str
    task_type: str
    validator: AJSONSchemaJsonSchema | AMatchAgainstGoldExactNormalized | CodeWithTestsCode | TheClientsCheckerWebhook
    context: str | Unset = UNSET
    max_iterations: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.a_match_against_gold_exact_normalized import AMatchAgainstGoldExactNormalized  # noqa: PLC0415
        from ..models.ajson_schema_json_schema import AJSONSchemaJsonSchema  # noqa: PLC0415
        from ..models.code_with_tests_code import CodeWithTestsCode  # noqa: PLC0415

        question = self.question

        task_type = self.task_type

        validator: dict[str, Any]
        if isinstance(self.validator, AMatchAgainstGoldExactNormalized):
            validator = self.validator.to_dict()
        elif isinstance(self.validator, AJSONSchemaJsonSchema):
            validator = self.validator.to_dict()
        elif isinstance(self.validator, CodeWithTestsCode):
            validator = self.validator.to_dict()
        else:
            validator = self.validator.to_dict()

        context = self.context

        max_iterations = self.max_iterations

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "question": question,
                "task_type": task_type,
                "validator": validator,
            }
        )
        if context is not UNSET:
            field_dict["context"] = context
        if max_iterations is not UNSET:
            field_dict["max_iterations"] = max_iterations

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.a_match_against_gold_exact_normalized import AMatchAgainstGoldExactNormalized  # noqa: PLC0415
        from ..models.ajson_schema_json_schema import AJSONSchemaJsonSchema  # noqa: PLC0415
        from ..models.code_with_tests_code import CodeWithTestsCode  # noqa: PLC0415
        from ..models.the_clients_checker_webhook import TheClientsCheckerWebhook  # noqa: PLC0415

        d = dict(src_dict)
        question = d.pop("question")

        task_type = d.pop("task_type")

        def _parse_validator(
            data: object,
        ) -> AJSONSchemaJsonSchema | AMatchAgainstGoldExactNormalized | CodeWithTestsCode | TheClientsCheckerWebhook:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_validator_spec_a_match_against_gold_exact_normalized = (
                    AMatchAgainstGoldExactNormalized.from_dict(data)
                )

                return componentsschemas_validator_spec_a_match_against_gold_exact_normalized
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_validator_spec_a_json_schema_json_schema = AJSONSchemaJsonSchema.from_dict(data)

                return componentsschemas_validator_spec_a_json_schema_json_schema
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_validator_spec_code_with_tests_code = CodeWithTestsCode.from_dict(data)

                return componentsschemas_validator_spec_code_with_tests_code
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_validator_spec_the_clients_checker_webhook = TheClientsCheckerWebhook.from_dict(data)

            return componentsschemas_validator_spec_the_clients_checker_webhook

        validator = _parse_validator(d.pop("validator"))

        context = d.pop("context", UNSET)

        max_iterations = d.pop("max_iterations", UNSET)

        task_request = cls(
            question=question,
            task_type=task_type,
            validator=validator,
            context=context,
            max_iterations=max_iterations,
        )

        return task_request
