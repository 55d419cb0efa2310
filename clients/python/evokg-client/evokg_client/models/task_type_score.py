from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.answer_spec import AnswerSpec
    from ..models.checker import Checker
    from ..models.task_type_score_memory_switch import TaskTypeScoreMemorySwitch


T = TypeVar("T", bound="TaskTypeScore")


@_attrs_define
class TaskTypeScore:
    """
    Attributes:
        name (str):
        n_seen (int): rewards_seen as of the task type's last curriculum selection
        n_fail (int): rewards_failed as of the task type's last curriculum selection
        k_last (int): the namespace's curriculum step at which the task type was last selected (0 never)
        answer (AnswerSpec): how a task type's questions are answered; choices with mode choice only, and required by it
        score (float): s(t) = n_fail(t) + λ·(k − k_last(t)) + focus(t), the score the next evolution selection uses:
            n_fail is rewards_failed (cumulative), k the namespace's next curriculum step (the largest k_last + 1), λ that
            of the latest run
        id (str | Unset):
        namespace (str | Unset):
        description (str | Unset):
        focus (float | Unset): the Navigator's bonus for the next selection (0 when its plan does not name a skill
            serving the task type)
        checker (Checker | Unset): a task type's rule check, declared by the client (PUT /v1/namespaces/{ns}/task-
            types/{name})
        created_at (datetime.datetime | Unset):
        rewards_seen (int | Unset): graded answers of this task type in the reward stream (evolution and feedback)
        rewards_failed (int | Unset): those rewarded below 0.5
        memory_switch (TaskTypeScoreMemorySwitch | Unset): the task type's memory switch, once an evolution run compared
            its held-out accuracy with and without memory
    """

    name: str
    n_seen: int
    n_fail: int
    k_last: int
    answer: AnswerSpec
    score: float
    id: str | Unset = UNSET
    namespace: str | Unset = UNSET
    description: str | Unset = UNSET
    focus: float | Unset = UNSET
    checker: Checker | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    rewards_seen: int | Unset = UNSET
    rewards_failed: int | Unset = UNSET
    memory_switch: TaskTypeScoreMemorySwitch | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        n_seen = self.n_seen

        n_fail = self.n_fail

        k_last = self.k_last

        answer = self.answer.to_dict()

        score = self.score

        id = self.id

        namespace = self.namespace

        description = self.description

        focus = self.focus

        checker: dict[str, Any] | Unset = UNSET
        if not isinstance(self.checker, Unset):
            checker = self.checker.to_dict()

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        rewards_seen = self.rewards_seen

        rewards_failed = self.rewards_failed

        memory_switch: dict[str, Any] | Unset = UNSET
        if not isinstance(self.memory_switch, Unset):
            memory_switch = self.memory_switch.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "n_seen": n_seen,
                "n_fail": n_fail,
                "k_last": k_last,
                "answer": answer,
                "score": score,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if description is not UNSET:
            field_dict["description"] = description
        if focus is not UNSET:
            field_dict["focus"] = focus
        if checker is not UNSET:
            field_dict["checker"] = checker
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if rewards_seen is not UNSET:
            field_dict["rewards_seen"] = rewards_seen
        if rewards_failed is not UNSET:
            field_dict["rewards_failed"] = rewards_failed
        if memory_switch is not UNSET:
            field_dict["memory_switch"] = memory_switch

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.answer_spec import AnswerSpec  # noqa: PLC0415
        from ..models.checker import Checker  # noqa: PLC0415
        from ..models.task_type_score_memory_switch import TaskTypeScoreMemorySwitch  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        n_seen = d.pop("n_seen")

        n_fail = d.pop("n_fail")

        k_last = d.pop("k_last")

        answer = AnswerSpec.from_dict(d.pop("answer"))

        score = d.pop("score")

        id = d.pop("id", UNSET)

        namespace = d.pop("namespace", UNSET)

        description = d.pop("description", UNSET)

        focus = d.pop("focus", UNSET)

        _checker = d.pop("checker", UNSET)
        checker: Checker | Unset
        if isinstance(_checker, Unset):
            checker = UNSET
        else:
            checker = Checker.from_dict(_checker)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        rewards_seen = d.pop("rewards_seen", UNSET)

        rewards_failed = d.pop("rewards_failed", UNSET)

        _memory_switch = d.pop("memory_switch", UNSET)
        memory_switch: TaskTypeScoreMemorySwitch | Unset
        if isinstance(_memory_switch, Unset):
            memory_switch = UNSET
        else:
            memory_switch = TaskTypeScoreMemorySwitch.from_dict(_memory_switch)

        task_type_score = cls(
            name=name,
            n_seen=n_seen,
            n_fail=n_fail,
            k_last=k_last,
            answer=answer,
            score=score,
            id=id,
            namespace=namespace,
            description=description,
            focus=focus,
            checker=checker,
            created_at=created_at,
            rewards_seen=rewards_seen,
            rewards_failed=rewards_failed,
            memory_switch=memory_switch,
        )

        task_type_score.additional_properties = d
        return task_type_score

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
