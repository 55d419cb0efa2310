from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.answer_mode import AnswerMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_ref import AgentRef
    from ..models.bandit_arm import BanditArm
    from ..models.learner_profile import LearnerProfile
    from ..models.tool_use import ToolUse
    from ..models.utility import Utility


T = TypeVar("T", bound="AnswerResponse")


@_attrs_define
class AnswerResponse:
    """
    Attributes:
        id (UUID):
        answer (str): the answer: a number written without exponent in number mode, one of the choices in choice mode,
            the expression's value in expression mode
        answer_mode (AnswerMode): text: a string; number: a JSON number; choice: exactly one of the task type's choices;
            expression: an arithmetic expression the built-in calculator evaluates, whose value is the answer
        profile (LearnerProfile): how a learner model is given memory and asked to answer
        arms (list[BanditArm]):
        memory_ids (list[UUID]): the memories whose text was in the learner's prompt (its memory block within the
            character budget, the cascade's principles and recipes included; a memory cut short with "…" counts, one left
            out does not); memories later written from this answer derive from them
        memories (list[Utility]): the utility of the memories of memory_ids, in their order, read once the answer was
            recorded (a memory deleted since is left out)
        learner_calls (int):
        teacher_calls (int): always 0
        expression (str | Unset): expression mode: the arithmetic expression the learner wrote; answer is its value (the
            expression itself when the calculator cannot evaluate it)
        memory_switch_off (bool | Unset): the task type's memory switch is off (its validation accuracy with memory fell
            below the memory-off baseline), so the learner answered without memory
        tool_calls (list[ToolUse] | Unset): the validated tools the learner called (the tool_call routing arm's ReAct
            loop), in order
        agent (AgentRef | Unset):
    """

    id: UUID
    answer: str
    answer_mode: AnswerMode
    profile: LearnerProfile
    arms: list[BanditArm]
    memory_ids: list[UUID]
    memories: list[Utility]
    learner_calls: int
    teacher_calls: int
    expression: str | Unset = UNSET
    memory_switch_off: bool | Unset = UNSET
    tool_calls: list[ToolUse] | Unset = UNSET
    agent: AgentRef | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        answer = self.answer

        answer_mode = self.answer_mode.value

        profile = self.profile.to_dict()

        arms = []
        for arms_item_data in self.arms:
            arms_item = arms_item_data.to_dict()
            arms.append(arms_item)

        memory_ids = []
        for memory_ids_item_data in self.memory_ids:
            memory_ids_item = str(memory_ids_item_data)
            memory_ids.append(memory_ids_item)

        memories = []
        for memories_item_data in self.memories:
            memories_item = memories_item_data.to_dict()
            memories.append(memories_item)

        learner_calls = self.learner_calls

        teacher_calls = self.teacher_calls

        expression = self.expression

        memory_switch_off = self.memory_switch_off

        tool_calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tool_calls, Unset):
            tool_calls = []
            for tool_calls_item_data in self.tool_calls:
                tool_calls_item = tool_calls_item_data.to_dict()
                tool_calls.append(tool_calls_item)

        agent: dict[str, Any] | Unset = UNSET
        if not isinstance(self.agent, Unset):
            agent = self.agent.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "answer": answer,
                "answer_mode": answer_mode,
                "profile": profile,
                "arms": arms,
                "memory_ids": memory_ids,
                "memories": memories,
                "learner_calls": learner_calls,
                "teacher_calls": teacher_calls,
            }
        )
        if expression is not UNSET:
            field_dict["expression"] = expression
        if memory_switch_off is not UNSET:
            field_dict["memory_switch_off"] = memory_switch_off
        if tool_calls is not UNSET:
            field_dict["tool_calls"] = tool_calls
        if agent is not UNSET:
            field_dict["agent"] = agent

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_ref import AgentRef  # noqa: PLC0415
        from ..models.bandit_arm import BanditArm  # noqa: PLC0415
        from ..models.learner_profile import LearnerProfile  # noqa: PLC0415
        from ..models.tool_use import ToolUse  # noqa: PLC0415
        from ..models.utility import Utility  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        answer = d.pop("answer")

        answer_mode = AnswerMode(d.pop("answer_mode"))

        profile = LearnerProfile.from_dict(d.pop("profile"))

        arms = []
        _arms = d.pop("arms")
        for arms_item_data in _arms:
            arms_item = BanditArm.from_dict(arms_item_data)

            arms.append(arms_item)

        memory_ids = []
        _memory_ids = d.pop("memory_ids")
        for memory_ids_item_data in _memory_ids:
            memory_ids_item = UUID(memory_ids_item_data)

            memory_ids.append(memory_ids_item)

        memories = []
        _memories = d.pop("memories")
        for memories_item_data in _memories:
            memories_item = Utility.from_dict(memories_item_data)

            memories.append(memories_item)

        learner_calls = d.pop("learner_calls")

        teacher_calls = d.pop("teacher_calls")

        expression = d.pop("expression", UNSET)

        memory_switch_off = d.pop("memory_switch_off", UNSET)

        _tool_calls = d.pop("tool_calls", UNSET)
        tool_calls: list[ToolUse] | Unset = UNSET
        if _tool_calls is not UNSET:
            tool_calls = []
            for tool_calls_item_data in _tool_calls:
                tool_calls_item = ToolUse.from_dict(tool_calls_item_data)

                tool_calls.append(tool_calls_item)

        _agent = d.pop("agent", UNSET)
        agent: AgentRef | Unset
        if isinstance(_agent, Unset):
            agent = UNSET
        else:
            agent = AgentRef.from_dict(_agent)

        answer_response = cls(
            id=id,
            answer=answer,
            answer_mode=answer_mode,
            profile=profile,
            arms=arms,
            memory_ids=memory_ids,
            memories=memories,
            learner_calls=learner_calls,
            teacher_calls=teacher_calls,
            expression=expression,
            memory_switch_off=memory_switch_off,
            tool_calls=tool_calls,
            agent=agent,
        )

        answer_response.additional_properties = d
        return answer_response

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
