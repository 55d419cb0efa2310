from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.learner_profile_render import LearnerProfileRender
from ..types import UNSET, Unset

T = TypeVar("T", bound="LearnerProfile")


@_attrs_define
class LearnerProfile:
    """how a learner model is given memory and asked to answer

    Attributes:
        render (LearnerProfileRender): block: the memories as one block in the user message; turns: each worked success
            or correction as a user/assistant pair before the question (few-shot), the principles and other notes in the
            system message
        reasoning (bool): brief reasoning before the answer
        memories (int | Unset): the most memories shown, successes and corrections first; 0 shows what the memory pack
            holds Default: 0.
        item_chars (int | Unset): each memory's text cut to this many characters, 0 or 80 to 4000; 0 keeps the pack's
            own length Default: 0.
    """

    render: LearnerProfileRender
    reasoning: bool
    memories: int | Unset = 0
    item_chars: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        render = self.render.value

        reasoning = self.reasoning

        memories = self.memories

        item_chars = self.item_chars

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "render": render,
                "reasoning": reasoning,
            }
        )
        if memories is not UNSET:
            field_dict["memories"] = memories
        if item_chars is not UNSET:
            field_dict["item_chars"] = item_chars

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        render = LearnerProfileRender(d.pop("render"))

        reasoning = d.pop("reasoning")

        memories = d.pop("memories", UNSET)

        item_chars = d.pop("item_chars", UNSET)

        learner_profile = cls(
            render=render,
            reasoning=reasoning,
            memories=memories,
            item_chars=item_chars,
        )

        return learner_profile
