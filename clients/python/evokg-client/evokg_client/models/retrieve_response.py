from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.retrieve_response_differs_from_answer_item import RetrieveResponseDiffersFromAnswerItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.learner_profile import LearnerProfile
    from ..models.retrieve_response_memories_item import RetrieveResponseMemoriesItem


T = TypeVar("T", bound="RetrieveResponse")


@_attrs_define
class RetrieveResponse:
    """
    Attributes:
        id (UUID): names this retrieval for its reward (POST /retrievals/{id}/feedback)
        memory_ids (list[UUID]): every memory whose text is in prompt, in its order (what /answer reports as memory_ids)
        differs_from_answer (list[RetrieveResponseDiffersFromAnswerItem]): what /answer would show otherwise for the
            same request; empty when the same
        memories (list[RetrieveResponseMemoriesItem]): the memories of the pack whose text is in prompt, in its order,
            with their scores (a cascade recipe or principle is in memory_ids only); retrieved memories the character budget
            or the profile left out are not listed
        prompt (str):
        strategy (str):
        profile (LearnerProfile | Unset): how a learner model is given memory and asked to answer
    """

    id: UUID
    memory_ids: list[UUID]
    differs_from_answer: list[RetrieveResponseDiffersFromAnswerItem]
    memories: list[RetrieveResponseMemoriesItem]
    prompt: str
    strategy: str
    profile: LearnerProfile | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        memory_ids = []
        for memory_ids_item_data in self.memory_ids:
            memory_ids_item = str(memory_ids_item_data)
            memory_ids.append(memory_ids_item)

        differs_from_answer = []
        for differs_from_answer_item_data in self.differs_from_answer:
            differs_from_answer_item = differs_from_answer_item_data.value
            differs_from_answer.append(differs_from_answer_item)

        memories = []
        for memories_item_data in self.memories:
            memories_item = memories_item_data.to_dict()
            memories.append(memories_item)

        prompt = self.prompt

        strategy = self.strategy

        profile: dict[str, Any] | Unset = UNSET
        if not isinstance(self.profile, Unset):
            profile = self.profile.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "memory_ids": memory_ids,
                "differs_from_answer": differs_from_answer,
                "memories": memories,
                "prompt": prompt,
                "strategy": strategy,
            }
        )
        if profile is not UNSET:
            field_dict["profile"] = profile

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.learner_profile import LearnerProfile  # noqa: PLC0415
        from ..models.retrieve_response_memories_item import RetrieveResponseMemoriesItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        memory_ids = []
        _memory_ids = d.pop("memory_ids")
        for memory_ids_item_data in _memory_ids:
            memory_ids_item = UUID(memory_ids_item_data)

            memory_ids.append(memory_ids_item)

        differs_from_answer = []
        _differs_from_answer = d.pop("differs_from_answer")
        for differs_from_answer_item_data in _differs_from_answer:
            differs_from_answer_item = RetrieveResponseDiffersFromAnswerItem(differs_from_answer_item_data)

            differs_from_answer.append(differs_from_answer_item)

        memories = []
        _memories = d.pop("memories")
        for memories_item_data in _memories:
            memories_item = RetrieveResponseMemoriesItem.from_dict(memories_item_data)

            memories.append(memories_item)

        prompt = d.pop("prompt")

        strategy = d.pop("strategy")

        _profile = d.pop("profile", UNSET)
        profile: LearnerProfile | Unset
        if isinstance(_profile, Unset):
            profile = UNSET
        else:
            profile = LearnerProfile.from_dict(_profile)

        retrieve_response = cls(
            id=id,
            memory_ids=memory_ids,
            differs_from_answer=differs_from_answer,
            memories=memories,
            prompt=prompt,
            strategy=strategy,
            profile=profile,
        )

        retrieve_response.additional_properties = d
        return retrieve_response

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
