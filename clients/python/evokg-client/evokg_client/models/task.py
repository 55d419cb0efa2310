from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.task_status import TaskStatus
from ..models.task_validator_kind import TaskValidatorKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.task_attempts_item import TaskAttemptsItem
    from ..models.task_committed_item import TaskCommittedItem
    from ..models.task_plan import TaskPlan
    from ..models.task_retrieval import TaskRetrieval


T = TypeVar("T", bound="Task")


@_attrs_define
class Task:
    """
    Attributes:
        id (UUID):
        namespace (str):
        status (TaskStatus):
        question (str):
        task_type (str):
        validator_kind (TaskValidatorKind):
        max_iterations (int):
        frozen (bool): memory was read but not written (an epoch run's test split)
        attempts (list[TaskAttemptsItem]):
        committed (list[TaskCommittedItem]):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        context (str | Unset):
        plan (TaskPlan | Unset):
        retrieval (TaskRetrieval | Unset):
        answer (str | Unset): the passing answer
        error (str | Unset):
    """

    id: UUID
    namespace: str
    status: TaskStatus
    question: str
    task_type: str
    validator_kind: TaskValidatorKind
    max_iterations: int
    frozen: bool
    attempts: list[TaskAttemptsItem]
    committed: list[TaskCommittedItem]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    context: str | Unset = UNSET
    plan: TaskPlan | Unset = UNSET
    retrieval: TaskRetrieval | Unset = UNSET
    answer: str | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        namespace = self.namespace

        status = self.status.value

        question = self.question

        task_type = self.task_type

        validator_kind = self.validator_kind.value

        max_iterations = self.max_iterations

        frozen = self.frozen

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        committed = []
        for committed_item_data in self.committed:
            committed_item = committed_item_data.to_dict()
            committed.append(committed_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        context = self.context

        plan: dict[str, Any] | Unset = UNSET
        if not isinstance(self.plan, Unset):
            plan = self.plan.to_dict()

        retrieval: dict[str, Any] | Unset = UNSET
        if not isinstance(self.retrieval, Unset):
            retrieval = self.retrieval.to_dict()

        answer = self.answer

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "namespace": namespace,
                "status": status,
                "question": question,
                "task_type": task_type,
                "validator_kind": validator_kind,
                "max_iterations": max_iterations,
                "frozen": frozen,
                "attempts": attempts,
                "committed": committed,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if context is not UNSET:
            field_dict["context"] = context
        if plan is not UNSET:
            field_dict["plan"] = plan
        if retrieval is not UNSET:
            field_dict["retrieval"] = retrieval
        if answer is not UNSET:
            field_dict["answer"] = answer
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_attempts_item import TaskAttemptsItem  # noqa: PLC0415
        from ..models.task_committed_item import TaskCommittedItem  # noqa: PLC0415
        from ..models.task_plan import TaskPlan  # noqa: PLC0415
        from ..models.task_retrieval import TaskRetrieval  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        namespace = d.pop("namespace")

        status = TaskStatus(d.pop("status"))

        question = d.pop("question")

        task_type = d.pop("task_type")

        validator_kind = TaskValidatorKind(d.pop("validator_kind"))

        max_iterations = d.pop("max_iterations")

        frozen = d.pop("frozen")

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = TaskAttemptsItem.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        committed = []
        _committed = d.pop("committed")
        for committed_item_data in _committed:
            committed_item = TaskCommittedItem.from_dict(committed_item_data)

            committed.append(committed_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        context = d.pop("context", UNSET)

        _plan = d.pop("plan", UNSET)
        plan: TaskPlan | Unset
        if isinstance(_plan, Unset):
            plan = UNSET
        else:
            plan = TaskPlan.from_dict(_plan)

        _retrieval = d.pop("retrieval", UNSET)
        retrieval: TaskRetrieval | Unset
        if isinstance(_retrieval, Unset):
            retrieval = UNSET
        else:
            retrieval = TaskRetrieval.from_dict(_retrieval)

        answer = d.pop("answer", UNSET)

        error = d.pop("error", UNSET)

        task = cls(
            id=id,
            namespace=namespace,
            status=status,
            question=question,
            task_type=task_type,
            validator_kind=validator_kind,
            max_iterations=max_iterations,
            frozen=frozen,
            attempts=attempts,
            committed=committed,
            created_at=created_at,
            updated_at=updated_at,
            context=context,
            plan=plan,
            retrieval=retrieval,
            answer=answer,
            error=error,
        )

        task.additional_properties = d
        return task

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
