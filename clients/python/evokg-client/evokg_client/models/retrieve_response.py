from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.retrieve_response_memories_item import RetrieveResponseMemoriesItem


T = TypeVar("T", bound="RetrieveResponse")


@_attrs_define
class RetrieveResponse:
    """
    Attributes:
        id (UUID): names this retrieval for its reward (POST /retrievals/{id}/feedback)
        memories (list[RetrieveResponseMemoriesItem]): the memories whose text is in prompt, in its order; retrieved
            memories the character budget left out are not listed
        prompt (str):
        strategy (str):
    """

    id: UUID
    memories: list[RetrieveResponseMemoriesItem]
    prompt: str
    strategy: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        memories = []
        for memories_item_data in self.memories:
            memories_item = memories_item_data.to_dict()
            memories.append(memories_item)

        prompt = self.prompt

        strategy = self.strategy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "memories": memories,
                "prompt": prompt,
                "strategy": strategy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.retrieve_response_memories_item import RetrieveResponseMemoriesItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        memories = []
        _memories = d.pop("memories")
        for memories_item_data in _memories:
            memories_item = RetrieveResponseMemoriesItem.from_dict(memories_item_data)

            memories.append(memories_item)

        prompt = d.pop("prompt")

        strategy = d.pop("strategy")

        retrieve_response = cls(
            id=id,
            memories=memories,
            prompt=prompt,
            strategy=strategy,
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
