from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.memory_state import MemoryState
from ..models.outcome import Outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.retrieve_response_memories_item_components import RetrieveResponseMemoriesItemComponents
    from ..models.utility import Utility


T = TypeVar("T", bound="RetrieveResponseMemoriesItem")


@_attrs_define
class RetrieveResponseMemoriesItem:
    """
    Attributes:
        experience_id (UUID):
        outcome (Outcome):
        task_type (str):
        score (float): α·semantic + β·structural + γ·proximity + δ·quality + ε·recency + ζ·utility
        text (str):
        state (MemoryState): probationary: written, not served until probation tries it; active: served; quarantined:
            kept, not served, reversible
        utility (Utility): A memory's state and its evidence of helping its learner. Live counts come from the reward
            stream
            (a rewarded answer whose prompt showed the memory, right or wrong); replay counts from probation,
            which answers validation items with the memory and without it. score = (h + 1) / (h + x + 2) with
            h = shown_right + helped and x = shown_wrong + hurt: 0.5 without evidence.
        components (RetrieveResponseMemoriesItemComponents | Unset): the score's parts before weighting: semantic,
            structural, proximity, quality, recency, and utility (the memory's utility score minus 0.5, in [−0.5, 0.5])
    """

    experience_id: UUID
    outcome: Outcome
    task_type: str
    score: float
    text: str
    state: MemoryState
    utility: Utility
    components: RetrieveResponseMemoriesItemComponents | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        experience_id = str(self.experience_id)

        outcome = self.outcome.value

        task_type = self.task_type

        score = self.score

        text = self.text

        state = self.state.value

        utility = self.utility.to_dict()

        components: dict[str, Any] | Unset = UNSET
        if not isinstance(self.components, Unset):
            components = self.components.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experience_id": experience_id,
                "outcome": outcome,
                "task_type": task_type,
                "score": score,
                "text": text,
                "state": state,
                "utility": utility,
            }
        )
        if components is not UNSET:
            field_dict["components"] = components

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.retrieve_response_memories_item_components import RetrieveResponseMemoriesItemComponents  # noqa: PLC0415
        from ..models.utility import Utility  # noqa: PLC0415

        d = dict(src_dict)
        experience_id = UUID(d.pop("experience_id"))

        outcome = Outcome(d.pop("outcome"))

        task_type = d.pop("task_type")

        score = d.pop("score")

        text = d.pop("text")

        state = MemoryState(d.pop("state"))

        utility = Utility.from_dict(d.pop("utility"))

        _components = d.pop("components", UNSET)
        components: RetrieveResponseMemoriesItemComponents | Unset
        if isinstance(_components, Unset):
            components = UNSET
        else:
            components = RetrieveResponseMemoriesItemComponents.from_dict(_components)

        retrieve_response_memories_item = cls(
            experience_id=experience_id,
            outcome=outcome,
            task_type=task_type,
            score=score,
            text=text,
            state=state,
            utility=utility,
            components=components,
        )

        retrieve_response_memories_item.additional_properties = d
        return retrieve_response_memories_item

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
