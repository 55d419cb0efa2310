from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.memory_state import MemoryState
from ..types import UNSET, Unset

T = TypeVar("T", bound="Utility")


@_attrs_define
class Utility:
    """A memory's state and its evidence of helping its learner. Live counts come from the reward stream
    (a rewarded answer whose prompt showed the memory, right or wrong); replay counts from probation,
    which answers validation items with the memory and without it. score = (h + 1) / (h + x + 2) with
    h = shown_right + helped and x = shown_wrong + hurt: 0.5 without evidence.

        Attributes:
            id (UUID): the memory (experience) id
            task_type (str):
            state (MemoryState): probationary: written, not served until probation tries it; active: served; quarantined:
                kept, not served, reversible
            shown_right (int): rewarded answers that showed it, right
            shown_wrong (int): rewarded answers that showed it, wrong
            helped (int): probation replays right with it and wrong without it
            hurt (int): probation replays wrong with it and right without it
            tied (int): probation replays graded the same both ways
            score (float): the utility u; a memory pack scores it as u − 0.5
            reason (str | Unset): why it is in its state: probation, live evidence, or a client's quarantine or restore with
                its reason
            updated_at (datetime.datetime | Unset): the last evidence or decision; absent while there was none
    """

    id: UUID
    task_type: str
    state: MemoryState
    shown_right: int
    shown_wrong: int
    helped: int
    hurt: int
    tied: int
    score: float
    reason: str | Unset = UNSET
    updated_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        task_type = self.task_type

        state = self.state.value

        shown_right = self.shown_right

        shown_wrong = self.shown_wrong

        helped = self.helped

        hurt = self.hurt

        tied = self.tied

        score = self.score

        reason = self.reason

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "task_type": task_type,
                "state": state,
                "shown_right": shown_right,
                "shown_wrong": shown_wrong,
                "helped": helped,
                "hurt": hurt,
                "tied": tied,
                "score": score,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        task_type = d.pop("task_type")

        state = MemoryState(d.pop("state"))

        shown_right = d.pop("shown_right")

        shown_wrong = d.pop("shown_wrong")

        helped = d.pop("helped")

        hurt = d.pop("hurt")

        tied = d.pop("tied")

        score = d.pop("score")

        reason = d.pop("reason", UNSET)

        _updated_at = d.pop("updated_at", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        utility = cls(
            id=id,
            task_type=task_type,
            state=state,
            shown_right=shown_right,
            shown_wrong=shown_wrong,
            helped=helped,
            hurt=hurt,
            tied=tied,
            score=score,
            reason=reason,
            updated_at=updated_at,
        )

        utility.additional_properties = d
        return utility

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
