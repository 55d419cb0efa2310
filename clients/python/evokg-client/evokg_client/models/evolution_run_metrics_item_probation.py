from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EvolutionRunMetricsItemProbation")


@_attrs_define
class EvolutionRunMetricsItemProbation:
    """what probation did after the iteration: the probationary memories (written by the teacher) it answered validation
    items with, and its verdicts; none with --no-utility

        Attributes:
            tried (int): memories replayed and decided
            activated (int): of them, now served
            quarantined (int): of them, kept out (they hurt on more validation items than they helped)
            waiting (int): probationary memories left for a later iteration (the per-iteration cap of learner calls, or no
                validation item of their task type)
            replays (int): validation answers given with a probationary memory
            helped (int): replays right with the memory where the learner was wrong without it
            hurt (int): replays wrong with the memory where the learner was right without it
            learner_calls (int): learner calls the replays made (within the iteration's learner_calls)
    """

    tried: int
    activated: int
    quarantined: int
    waiting: int
    replays: int
    helped: int
    hurt: int
    learner_calls: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tried = self.tried

        activated = self.activated

        quarantined = self.quarantined

        waiting = self.waiting

        replays = self.replays

        helped = self.helped

        hurt = self.hurt

        learner_calls = self.learner_calls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tried": tried,
                "activated": activated,
                "quarantined": quarantined,
                "waiting": waiting,
                "replays": replays,
                "helped": helped,
                "hurt": hurt,
                "learner_calls": learner_calls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tried = d.pop("tried")

        activated = d.pop("activated")

        quarantined = d.pop("quarantined")

        waiting = d.pop("waiting")

        replays = d.pop("replays")

        helped = d.pop("helped")

        hurt = d.pop("hurt")

        learner_calls = d.pop("learner_calls")

        evolution_run_metrics_item_probation = cls(
            tried=tried,
            activated=activated,
            quarantined=quarantined,
            waiting=waiting,
            replays=replays,
            helped=helped,
            hurt=hurt,
            learner_calls=learner_calls,
        )

        evolution_run_metrics_item_probation.additional_properties = d
        return evolution_run_metrics_item_probation

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
