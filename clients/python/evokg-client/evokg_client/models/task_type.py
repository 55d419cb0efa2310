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


T = TypeVar("T", bound="TaskType")


@_attrs_define
class TaskType:
    """
    Attributes:
        name (str):
        n_seen (int): rewards_seen as of the task type's last curriculum selection
        n_fail (int): rewards_failed as of the task type's last curriculum selection
        k_last (int): the namespace's curriculum step at which the task type was last selected (0 never)
        answer (AnswerSpec): how a task type's questions are answered; choices with mode choice only, and required by it
        id (str | Unset):
        namespace (str | Unset):
        description (str | Unset):
        focus (float | Unset): the Navigator's bonus for the next selection (0 when its plan does not name a skill
            serving the task type)
        checker (Checker | Unset): a task type's rule check, declared by the client (PUT /v1/namespaces/{ns}/task-
            types/{name})
        created_at (datetime.datetime | Unset):
    """

    name: str
    n_seen: int
    n_fail: int
    k_last: int
    answer: AnswerSpec
    id: str | Unset = UNSET
    namespace: str | Unset = UNSET
    description: str | Unset = UNSET
    focus: float | Unset = UNSET
    checker: Checker | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        n_seen = self.n_seen

        n_fail = self.n_fail

        k_last = self.k_last

        answer = self.answer.to_dict()

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "n_seen": n_seen,
                "n_fail": n_fail,
                "k_last": k_last,
                "answer": answer,
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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.answer_spec import AnswerSpec  # noqa: PLC0415
        from ..models.checker import Checker  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        n_seen = d.pop("n_seen")

        n_fail = d.pop("n_fail")

        k_last = d.pop("k_last")

        answer = AnswerSpec.from_dict(d.pop("answer"))

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

        task_type = cls(
            name=name,
            n_seen=n_seen,
            n_fail=n_fail,
            k_last=k_last,
            answer=answer,
            id=id,
            namespace=namespace,
            description=description,
            focus=focus,
            checker=checker,
            created_at=created_at,
        )

        task_type.additional_properties = d
        return task_type

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
