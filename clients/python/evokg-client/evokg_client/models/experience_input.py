from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.experience_input_failure_kind import ExperienceInputFailureKind
from ..models.outcome import Outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.experience_input_entities_item import ExperienceInputEntitiesItem
    from ..models.experience_input_errors_item import ExperienceInputErrorsItem
    from ..models.experience_input_evaluation import ExperienceInputEvaluation
    from ..models.experience_input_evidence_item import ExperienceInputEvidenceItem
    from ..models.experience_input_goal import ExperienceInputGoal
    from ..models.experience_input_patches_item import ExperienceInputPatchesItem
    from ..models.experience_input_procedure import ExperienceInputProcedure
    from ..models.experience_input_skill_steps_item import ExperienceInputSkillStepsItem


T = TypeVar("T", bound="ExperienceInput")


@_attrs_define
class ExperienceInput:
    """An APEX-EM experience record with MAGE memory fields. What it is decides
    what it needs (allOf below): an experience the platform evaluates (no
    evaluation; outcome absent, success_memory or failure_memory) needs a
    question or a goal.task_description; a pre-evaluated success or failure
    memory (outcome and evaluation) needs a question, a
    goal.task_description or a content; a principle, retrieval recipe or
    abstracted pattern needs a content. failure_kind is only for failure
    memories (or an outcome left to the evaluation). Server-owned fields
    (id, namespace, version, created_at) are accepted and ignored.

        Attributes:
            task_type (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
            id (UUID | Unset):
            namespace (str | Unset): at most 200 characters without NUL
            version (int | Unset):
            created_at (datetime.datetime | Unset):
            outcome (Outcome | Unset):
            failure_kind (ExperienceInputFailureKind | Unset):
            skill (str | Unset): at most 200 characters without NUL
            question (str | Unset): free text, at most 65536 characters without NUL
            answer (str | Unset): free text, at most 65536 characters without NUL
            expression (str | Unset): at most 200 characters without NUL
            chain_of_thought (str | Unset): free text, at most 65536 characters without NUL
            skill_steps (list[ExperienceInputSkillStepsItem] | Unset):
            context (str | Unset): free text, at most 65536 characters without NUL
            content (str | Unset): free text, at most 65536 characters without NUL
            goal (ExperienceInputGoal | Unset):
            procedure (ExperienceInputProcedure | Unset):
            evidence (list[ExperienceInputEvidenceItem] | Unset):
            errors (list[ExperienceInputErrorsItem] | Unset):
            patches (list[ExperienceInputPatchesItem] | Unset):
            evaluation (ExperienceInputEvaluation | Unset):
            signature (list[str] | Unset): the procedure's operations in order (σ). Without it, an experience whose
                expression is plain arithmetic gets the expression's operations in the order they are computed ("2*21+4" gives
                multiply, add); a platform-evaluated one without either gets the teacher's.
            entities (list[ExperienceInputEntitiesItem] | Unset):
            derived_from (list[UUID] | Unset):
            supersedes (UUID | Unset): the id of another experience (not the nil UUID)
            confidence (float | Unset):
            embedding (list[float] | Unset): an embedding of the index dimension (768), compared by cosine: not every
                component 0, and a length between 1e-15 and 1e19 (the sum of the squares of its components between 1e-30 and
                1e38, which pgvector sums in float32), a 422 naming /embedding otherwise
            probation (bool | Unset): start probationary: stored, not served (in no memory pack) until an evolution run's
                probation has tried it on validation items (GET /experiences/utility?state=probationary lists it); a namespace
                created with probation asks it of every memory Default: False.
    """

    task_type: str
    id: UUID | Unset = UNSET
    namespace: str | Unset = UNSET
    version: int | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    outcome: Outcome | Unset = UNSET
    failure_kind: ExperienceInputFailureKind | Unset = UNSET
    skill: str | Unset = UNSET
    question: str | Unset = UNSET
    answer: str | Unset = UNSET
    expression: str | Unset = UNSET
    chain_of_thought: str | Unset = UNSET
    skill_steps: list[ExperienceInputSkillStepsItem] | Unset = UNSET
    context: str | Unset = UNSET
    content: str | Unset = UNSET
    goal: ExperienceInputGoal | Unset = UNSET
    procedure: ExperienceInputProcedure | Unset = UNSET
    evidence: list[ExperienceInputEvidenceItem] | Unset = UNSET
    errors: list[ExperienceInputErrorsItem] | Unset = UNSET
    patches: list[ExperienceInputPatchesItem] | Unset = UNSET
    evaluation: ExperienceInputEvaluation | Unset = UNSET
    signature: list[str] | Unset = UNSET
    entities: list[ExperienceInputEntitiesItem] | Unset = UNSET
    derived_from: list[UUID] | Unset = UNSET
    supersedes: UUID | Unset = UNSET
    confidence: float | Unset = UNSET
    embedding: list[float] | Unset = UNSET
    probation: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        task_type = self.task_type

        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        namespace = self.namespace

        version = self.version

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

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

        embedding: list[float] | Unset = UNSET
        if not isinstance(self.embedding, Unset):
            embedding = self.embedding

        probation = self.probation

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "task_type": task_type,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if version is not UNSET:
            field_dict["version"] = version
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
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
        if embedding is not UNSET:
            field_dict["embedding"] = embedding
        if probation is not UNSET:
            field_dict["probation"] = probation

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.experience_input_entities_item import ExperienceInputEntitiesItem  # noqa: PLC0415
        from ..models.experience_input_errors_item import ExperienceInputErrorsItem  # noqa: PLC0415
        from ..models.experience_input_evaluation import ExperienceInputEvaluation  # noqa: PLC0415
        from ..models.experience_input_evidence_item import ExperienceInputEvidenceItem  # noqa: PLC0415
        from ..models.experience_input_goal import ExperienceInputGoal  # noqa: PLC0415
        from ..models.experience_input_patches_item import ExperienceInputPatchesItem  # noqa: PLC0415
        from ..models.experience_input_procedure import ExperienceInputProcedure  # noqa: PLC0415
        from ..models.experience_input_skill_steps_item import ExperienceInputSkillStepsItem  # noqa: PLC0415

        d = dict(src_dict)
        task_type = d.pop("task_type")

        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        namespace = d.pop("namespace", UNSET)

        version = d.pop("version", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        _outcome = d.pop("outcome", UNSET)
        outcome: Outcome | Unset
        if isinstance(_outcome, Unset):
            outcome = UNSET
        else:
            outcome = Outcome(_outcome)

        _failure_kind = d.pop("failure_kind", UNSET)
        failure_kind: ExperienceInputFailureKind | Unset
        if isinstance(_failure_kind, Unset):
            failure_kind = UNSET
        else:
            failure_kind = ExperienceInputFailureKind(_failure_kind)

        skill = d.pop("skill", UNSET)

        question = d.pop("question", UNSET)

        answer = d.pop("answer", UNSET)

        expression = d.pop("expression", UNSET)

        chain_of_thought = d.pop("chain_of_thought", UNSET)

        _skill_steps = d.pop("skill_steps", UNSET)
        skill_steps: list[ExperienceInputSkillStepsItem] | Unset = UNSET
        if _skill_steps is not UNSET:
            skill_steps = []
            for skill_steps_item_data in _skill_steps:
                skill_steps_item = ExperienceInputSkillStepsItem.from_dict(skill_steps_item_data)

                skill_steps.append(skill_steps_item)

        context = d.pop("context", UNSET)

        content = d.pop("content", UNSET)

        _goal = d.pop("goal", UNSET)
        goal: ExperienceInputGoal | Unset
        if isinstance(_goal, Unset):
            goal = UNSET
        else:
            goal = ExperienceInputGoal.from_dict(_goal)

        _procedure = d.pop("procedure", UNSET)
        procedure: ExperienceInputProcedure | Unset
        if isinstance(_procedure, Unset):
            procedure = UNSET
        else:
            procedure = ExperienceInputProcedure.from_dict(_procedure)

        _evidence = d.pop("evidence", UNSET)
        evidence: list[ExperienceInputEvidenceItem] | Unset = UNSET
        if _evidence is not UNSET:
            evidence = []
            for evidence_item_data in _evidence:
                evidence_item = ExperienceInputEvidenceItem.from_dict(evidence_item_data)

                evidence.append(evidence_item)

        _errors = d.pop("errors", UNSET)
        errors: list[ExperienceInputErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ExperienceInputErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        _patches = d.pop("patches", UNSET)
        patches: list[ExperienceInputPatchesItem] | Unset = UNSET
        if _patches is not UNSET:
            patches = []
            for patches_item_data in _patches:
                patches_item = ExperienceInputPatchesItem.from_dict(patches_item_data)

                patches.append(patches_item)

        _evaluation = d.pop("evaluation", UNSET)
        evaluation: ExperienceInputEvaluation | Unset
        if isinstance(_evaluation, Unset):
            evaluation = UNSET
        else:
            evaluation = ExperienceInputEvaluation.from_dict(_evaluation)

        signature = cast(list[str], d.pop("signature", UNSET))

        _entities = d.pop("entities", UNSET)
        entities: list[ExperienceInputEntitiesItem] | Unset = UNSET
        if _entities is not UNSET:
            entities = []
            for entities_item_data in _entities:
                entities_item = ExperienceInputEntitiesItem.from_dict(entities_item_data)

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

        embedding = cast(list[float], d.pop("embedding", UNSET))

        probation = d.pop("probation", UNSET)

        experience_input = cls(
            task_type=task_type,
            id=id,
            namespace=namespace,
            version=version,
            created_at=created_at,
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
            embedding=embedding,
            probation=probation,
        )

        return experience_input
