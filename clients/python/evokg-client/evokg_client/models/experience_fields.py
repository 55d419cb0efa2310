from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.experience_fields_failure_kind import ExperienceFieldsFailureKind
from ..models.outcome import Outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.experience_fields_entities_item import ExperienceFieldsEntitiesItem
    from ..models.experience_fields_errors_item import ExperienceFieldsErrorsItem
    from ..models.experience_fields_evaluation import ExperienceFieldsEvaluation
    from ..models.experience_fields_evidence_item import ExperienceFieldsEvidenceItem
    from ..models.experience_fields_goal import ExperienceFieldsGoal
    from ..models.experience_fields_patches_item import ExperienceFieldsPatchesItem
    from ..models.experience_fields_procedure import ExperienceFieldsProcedure
    from ..models.experience_fields_skill_steps_item import ExperienceFieldsSkillStepsItem


T = TypeVar("T", bound="ExperienceFields")


@_attrs_define
class ExperienceFields:
    """
    Attributes:
        id (UUID | Unset):
        namespace (str | Unset):
        task_type (str | Unset):
        outcome (Outcome | Unset):
        failure_kind (ExperienceFieldsFailureKind | Unset):
        skill (str | Unset):
        question (str | Unset):
        answer (str | Unset):
        expression (str | Unset): the computation an expression-mode answer wrote; answer is its value
        chain_of_thought (str | Unset):
        skill_steps (list[ExperienceFieldsSkillStepsItem] | Unset):
        context (str | Unset):
        content (str | Unset):
        goal (ExperienceFieldsGoal | Unset):
        procedure (ExperienceFieldsProcedure | Unset):
        evidence (list[ExperienceFieldsEvidenceItem] | Unset):
        errors (list[ExperienceFieldsErrorsItem] | Unset):
        patches (list[ExperienceFieldsPatchesItem] | Unset):
        evaluation (ExperienceFieldsEvaluation | Unset):
        signature (list[str] | Unset):
        entities (list[ExperienceFieldsEntitiesItem] | Unset):
        derived_from (list[UUID] | Unset):
        supersedes (UUID | Unset):
        confidence (float | Unset):
        version (int | Unset):
        created_at (datetime.datetime | Unset):
    """

    id: UUID | Unset = UNSET
    namespace: str | Unset = UNSET
    task_type: str | Unset = UNSET
    outcome: Outcome | Unset = UNSET
    failure_kind: ExperienceFieldsFailureKind | Unset = UNSET
    skill: str | Unset = UNSET
    question: str | Unset = UNSET
    answer: str | Unset = UNSET
    expression: str | Unset = UNSET
    chain_of_thought: str | Unset = UNSET
    skill_steps: list[ExperienceFieldsSkillStepsItem] | Unset = UNSET
    context: str | Unset = UNSET
    content: str | Unset = UNSET
    goal: ExperienceFieldsGoal | Unset = UNSET
    procedure: ExperienceFieldsProcedure | Unset = UNSET
    evidence: list[ExperienceFieldsEvidenceItem] | Unset = UNSET
    errors: list[ExperienceFieldsErrorsItem] | Unset = UNSET
    patches: list[ExperienceFieldsPatchesItem] | Unset = UNSET
    evaluation: ExperienceFieldsEvaluation | Unset = UNSET
    signature: list[str] | Unset = UNSET
    entities: list[ExperienceFieldsEntitiesItem] | Unset = UNSET
    derived_from: list[UUID] | Unset = UNSET
    supersedes: UUID | Unset = UNSET
    confidence: float | Unset = UNSET
    version: int | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        namespace = self.namespace

        task_type = self.task_type

        outcome: str | Unset = UNSET
        if not isinstance(self.outcome, Unset):
            outcome = self.outcome.value

        failure_kind: str | Unset = UNSET
        if not isinstance(self.failure_kind, Unset):
            failure_kind = self.failure_kind.value

        skill = self.skill

        question = self.question

        answer = self.answer

        expression = self.expression

        chain_of_thought = self.chain_of_thought

        skill_steps: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.skill_steps, Unset):
            skill_steps = []
            for skill_steps_item_data in self.skill_steps:
                skill_steps_item = skill_steps_item_data.to_dict()
                skill_steps.append(skill_steps_item)

        context = self.context

        content = self.content

        goal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.goal, Unset):
            goal = self.goal.to_dict()

        procedure: dict[str, Any] | Unset = UNSET
        if not isinstance(self.procedure, Unset):
            procedure = self.procedure.to_dict()

        evidence: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.evidence, Unset):
            evidence = []
            for evidence_item_data in self.evidence:
                evidence_item = evidence_item_data.to_dict()
                evidence.append(evidence_item)

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        patches: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.patches, Unset):
            patches = []
            for patches_item_data in self.patches:
                patches_item = patches_item_data.to_dict()
                patches.append(patches_item)

        evaluation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.evaluation, Unset):
            evaluation = self.evaluation.to_dict()

        signature: list[str] | Unset = UNSET
        if not isinstance(self.signature, Unset):
            signature = self.signature

        entities: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.entities, Unset):
            entities = []
            for entities_item_data in self.entities:
                entities_item = entities_item_data.to_dict()
                entities.append(entities_item)

        derived_from: list[str] | Unset = UNSET
        if not isinstance(self.derived_from, Unset):
            derived_from = []
            for derived_from_item_data in self.derived_from:
                derived_from_item = str(derived_from_item_data)
                derived_from.append(derived_from_item)

        supersedes: str | Unset = UNSET
        if not isinstance(self.supersedes, Unset):
            supersedes = str(self.supersedes)

        confidence = self.confidence

        version = self.version

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if task_type is not UNSET:
            field_dict["task_type"] = task_type
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if failure_kind is not UNSET:
            field_dict["failure_kind"] = failure_kind
        if skill is not UNSET:
            field_dict["skill"] = skill
        if question is not UNSET:
            field_dict["question"] = question
        if answer is not UNSET:
            field_dict["answer"] = answer
        if expression is not UNSET:
            field_dict["expression"] = expression
        if chain_of_thought is not UNSET:
            field_dict["chain_of_thought"] = chain_of_thought
        if skill_steps is not UNSET:
            field_dict["skill_steps"] = skill_steps
        if context is not UNSET:
            field_dict["context"] = context
        if content is not UNSET:
            field_dict["content"] = content
        if goal is not UNSET:
            field_dict["goal"] = goal
        if procedure is not UNSET:
            field_dict["procedure"] = procedure
        if evidence is not UNSET:
            field_dict["evidence"] = evidence
        if errors is not UNSET:
            field_dict["errors"] = errors
        if patches is not UNSET:
            field_dict["patches"] = patches
        if evaluation is not UNSET:
            field_dict["evaluation"] = evaluation
        if signature is not UNSET:
            field_dict["signature"] = signature
        if entities is not UNSET:
            field_dict["entities"] = entities
        if derived_from is not UNSET:
            field_dict["derived_from"] = derived_from
        if supersedes is not UNSET:
            field_dict["supersedes"] = supersedes
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if version is not UNSET:
            field_dict["version"] = version
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.experience_fields_entities_item import ExperienceFieldsEntitiesItem  # noqa: PLC0415
        from ..models.experience_fields_errors_item import ExperienceFieldsErrorsItem  # noqa: PLC0415
        from ..models.experience_fields_evaluation import ExperienceFieldsEvaluation  # noqa: PLC0415
        from ..models.experience_fields_evidence_item import ExperienceFieldsEvidenceItem  # noqa: PLC0415
        from ..models.experience_fields_goal import ExperienceFieldsGoal  # noqa: PLC0415
        from ..models.experience_fields_patches_item import ExperienceFieldsPatchesItem  # noqa: PLC0415
        from ..models.experience_fields_procedure import ExperienceFieldsProcedure  # noqa: PLC0415
        from ..models.experience_fields_skill_steps_item import ExperienceFieldsSkillStepsItem  # noqa: PLC0415

        d = dict(src_dict)
        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        namespace = d.pop("namespace", UNSET)

        task_type = d.pop("task_type", UNSET)

        _outcome = d.pop("outcome", UNSET)
        outcome: Outcome | Unset
        if isinstance(_outcome, Unset):
            outcome = UNSET
        else:
            outcome = Outcome(_outcome)

        _failure_kind = d.pop("failure_kind", UNSET)
        failure_kind: ExperienceFieldsFailureKind | Unset
        if isinstance(_failure_kind, Unset):
            failure_kind = UNSET
        else:
            failure_kind = ExperienceFieldsFailureKind(_failure_kind)

        skill = d.pop("skill", UNSET)

        question = d.pop("question", UNSET)

        answer = d.pop("answer", UNSET)

        expression = d.pop("expression", UNSET)

        chain_of_thought = d.pop("chain_of_thought", UNSET)

        _skill_steps = d.pop("skill_steps", UNSET)
        skill_steps: list[ExperienceFieldsSkillStepsItem] | Unset = UNSET
        if _skill_steps is not UNSET:
            skill_steps = []
            for skill_steps_item_data in _skill_steps:
                skill_steps_item = ExperienceFieldsSkillStepsItem.from_dict(skill_steps_item_data)

                skill_steps.append(skill_steps_item)

        context = d.pop("context", UNSET)

        content = d.pop("content", UNSET)

        _goal = d.pop("goal", UNSET)
        goal: ExperienceFieldsGoal | Unset
        if isinstance(_goal, Unset):
            goal = UNSET
        else:
            goal = ExperienceFieldsGoal.from_dict(_goal)

        _procedure = d.pop("procedure", UNSET)
        procedure: ExperienceFieldsProcedure | Unset
        if isinstance(_procedure, Unset):
            procedure = UNSET
        else:
            procedure = ExperienceFieldsProcedure.from_dict(_procedure)

        _evidence = d.pop("evidence", UNSET)
        evidence: list[ExperienceFieldsEvidenceItem] | Unset = UNSET
        if _evidence is not UNSET:
            evidence = []
            for evidence_item_data in _evidence:
                evidence_item = ExperienceFieldsEvidenceItem.from_dict(evidence_item_data)

                evidence.append(evidence_item)

        _errors = d.pop("errors", UNSET)
        errors: list[ExperienceFieldsErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ExperienceFieldsErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        _patches = d.pop("patches", UNSET)
        patches: list[ExperienceFieldsPatchesItem] | Unset = UNSET
        if _patches is not UNSET:
            patches = []
            for patches_item_data in _patches:
                patches_item = ExperienceFieldsPatchesItem.from_dict(patches_item_data)

                patches.append(patches_item)

        _evaluation = d.pop("evaluation", UNSET)
        evaluation: ExperienceFieldsEvaluation | Unset
        if isinstance(_evaluation, Unset):
            evaluation = UNSET
        else:
            evaluation = ExperienceFieldsEvaluation.from_dict(_evaluation)

        signature = cast(list[str], d.pop("signature", UNSET))

        _entities = d.pop("entities", UNSET)
        entities: list[ExperienceFieldsEntitiesItem] | Unset = UNSET
        if _entities is not UNSET:
            entities = []
            for entities_item_data in _entities:
                entities_item = ExperienceFieldsEntitiesItem.from_dict(entities_item_data)

                entities.append(entities_item)

        _derived_from = d.pop("derived_from", UNSET)
        derived_from: list[UUID] | Unset = UNSET
        if _derived_from is not UNSET:
            derived_from = []
            for derived_from_item_data in _derived_from:
                derived_from_item = UUID(derived_from_item_data)

                derived_from.append(derived_from_item)

        _supersedes = d.pop("supersedes", UNSET)
        supersedes: UUID | Unset
        if isinstance(_supersedes, Unset):
            supersedes = UNSET
        else:
            supersedes = UUID(_supersedes)

        confidence = d.pop("confidence", UNSET)

        version = d.pop("version", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        experience_fields = cls(
            id=id,
            namespace=namespace,
            task_type=task_type,
            outcome=outcome,
            failure_kind=failure_kind,
            skill=skill,
            question=question,
            answer=answer,
            expression=expression,
            chain_of_thought=chain_of_thought,
            skill_steps=skill_steps,
            context=context,
            content=content,
            goal=goal,
            procedure=procedure,
            evidence=evidence,
            errors=errors,
            patches=patches,
            evaluation=evaluation,
            signature=signature,
            entities=entities,
            derived_from=derived_from,
            supersedes=supersedes,
            confidence=confidence,
            version=version,
            created_at=created_at,
        )

        experience_fields.additional_properties = d
        return experience_fields

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
