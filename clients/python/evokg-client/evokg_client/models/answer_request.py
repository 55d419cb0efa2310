from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.answer_request_mode import AnswerRequestMode
from ..models.answer_request_search_arm import AnswerRequestSearchArm
from ..types import UNSET, Unset

T = TypeVar("T", bound="AnswerRequest")


@_attrs_define
class AnswerRequest:
    """
    Attributes:
        question (str): free text, 1 to 65536 characters without NUL
        task_type (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        context (str | Unset): free text, at most 65536 characters without NUL
        skill (str | Unset): at most 200 characters without NUL
        mode (AnswerRequestMode | Unset): the memory pack's allocation: mage by context length (κ), apex P+ top-3 and P−
            top-2; without it the server's --retrieval-mode (default mage)
        signature (list[str] | Unset): the question's procedural signature (operation names); without it the learner
            plans its own when the search arm matches structure
        memory (bool | Unset): false answers without memory (no memory pack, no evolved skill prompt): the memory-off
            baseline Default: True.
        routing (bool | Unset): false answers with the default strategies (semantic retrieval, direct CoT) instead of
            the bandits' arms Default: True.
        search_arm (AnswerRequestSearchArm | Unset): force the search arm (retrieval strategy) instead of the search
            bandit's choice; a later reward still reaches it
        agent (bool | Unset): false answers without an expert agent even when a validated one is recruited for the
            question (its prompt is not given and the tool_call arm recruits tools by similarity) Default: True.
    """

    question: str
    task_type: str
    context: str | Unset = UNSET
    skill: str | Unset = UNSET
    mode: AnswerRequestMode | Unset = UNSET
    signature: list[str] | Unset = UNSET
    memory: bool | Unset = True
    routing: bool | Unset = True
    search_arm: AnswerRequestSearchArm | Unset = UNSET
    agent: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        task_type = self.task_type

        context = self.context

        skill = self.skill

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        signature: list[str] | Unset = UNSET
        if not isinstance(self.signature, Unset):
            signature = self.signature

        memory = self.memory

        routing = self.routing

        search_arm: str | Unset = UNSET
        if not isinstance(self.search_arm, Unset):
            search_arm = self.search_arm.value

        agent = self.agent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "question": question,
                "task_type": task_type,
            }
        )
        if context is not UNSET:
            field_dict["context"] = context
        if skill is not UNSET:
            field_dict["skill"] = skill
        if mode is not UNSET:
            field_dict["mode"] = mode
        if signature is not UNSET:
            field_dict["signature"] = signature
        if memory is not UNSET:
            field_dict["memory"] = memory
        if routing is not UNSET:
            field_dict["routing"] = routing
        if search_arm is not UNSET:
            field_dict["search_arm"] = search_arm
        if agent is not UNSET:
            field_dict["agent"] = agent

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        question = d.pop("question")

        task_type = d.pop("task_type")

        context = d.pop("context", UNSET)

        skill = d.pop("skill", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: AnswerRequestMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = AnswerRequestMode(_mode)

        signature = cast(list[str], d.pop("signature", UNSET))

        memory = d.pop("memory", UNSET)

        routing = d.pop("routing", UNSET)

        _search_arm = d.pop("search_arm", UNSET)
        search_arm: AnswerRequestSearchArm | Unset
        if isinstance(_search_arm, Unset):
            search_arm = UNSET
        else:
            search_arm = AnswerRequestSearchArm(_search_arm)

        agent = d.pop("agent", UNSET)

        answer_request = cls(
            question=question,
            task_type=task_type,
            context=context,
            skill=skill,
            mode=mode,
            signature=signature,
            memory=memory,
            routing=routing,
            search_arm=search_arm,
            agent=agent,
        )

        return answer_request
