from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.calibration import Calibration
    from ..models.evolution_run_metrics_item_accuracy_by_task_type import EvolutionRunMetricsItemAccuracyByTaskType
    from ..models.evolution_run_metrics_item_memory_counts import EvolutionRunMetricsItemMemoryCounts
    from ..models.evolution_run_metrics_item_probation import EvolutionRunMetricsItemProbation
    from ..models.evolution_run_metrics_item_rejections_item import EvolutionRunMetricsItemRejectionsItem
    from ..models.learner_profile import LearnerProfile


T = TypeVar("T", bound="EvolutionRunMetricsItem")


@_attrs_define
class EvolutionRunMetricsItem:
    """
    Attributes:
        iteration (int):
        accuracy (float): training split
        flips (int):
        teacher_calls (int):
        learner_calls (int):
        rolled_back (bool):
        wall_ms (float):
        accuracy_by_task_type (EvolutionRunMetricsItemAccuracyByTaskType | Unset):
        memory_counts (EvolutionRunMetricsItemMemoryCounts | Unset):
        teacher_share (float | Unset):
        harvested (int | Unset): success memories harvested
        failures_written (int | Unset): failure memories written
        explored (int | Unset): failed world episodes the Explorer explored (pool world)
        recipes (int | Unset): action recipes the Explorer harvested from them, as success memories
        operation (str | Unset): the rotating graph operation of the iteration
        selected (list[str] | Unset): task types the curriculum selected
        validation_accuracy (float | Unset): validation split with memory, whatever the memory switch says: the switch
            decides from it and validation_without_memory
        validation_without_memory (float | Unset): validation split of the same learner without memory and routing,
            under baseline_profile (measured once per run and baseline profile)
        validation_routing_only (float | Unset): validation split without memory and with the run's routing: what the
            memory switch compares memory with (absent when the run does not route)
        test_accuracy (float | Unset): test split with memory as a client gets it (memory switch applied); no decision
            reads it
        test_without_memory (float | Unset): test split of the same learner without memory, under baseline_profile
            (measured once per run and baseline profile)
        memory_off (list[str] | Unset): task types whose memory switch is off after the iteration
        rejected (int | Unset): texts the write gate kept out of memory (degenerate, false arithmetic, contradicting the
            gold answer or a task type's declared checker)
        checkers (list[str] | Unset): the task types whose declared checker the write gate applied (absent: none; no
            task type has one unless declared)
        rejections (list[EvolutionRunMetricsItemRejectionsItem] | Unset): the rejected texts' kinds and reasons (up to
            50)
        probation (EvolutionRunMetricsItemProbation | Unset): what probation did after the iteration: the probationary
            memories (written by the teacher) it answered validation items with, and its verdicts; none with --no-utility
        teacher_corrupted (int | Unset): teacher texts made wrong on purpose this iteration, as written, before the
            write gate (the teacher-noise ablation of evokg experiment; absent otherwise)
        teacher_corrupted_committed (int | Unset): of them, the texts the write gate let into memory (absent when none)
        profile (LearnerProfile | Unset): how a learner model is given memory and asked to answer
        calibration (Calibration | Unset): the measurement that chose a profile
        baseline_profile (LearnerProfile | Unset): how a learner model is given memory and asked to answer
        baseline_calibration (Calibration | Unset): the measurement that chose a profile
    """

    iteration: int
    accuracy: float
    flips: int
    teacher_calls: int
    learner_calls: int
    rolled_back: bool
    wall_ms: float
    accuracy_by_task_type: EvolutionRunMetricsItemAccuracyByTaskType | Unset = UNSET
    memory_counts: EvolutionRunMetricsItemMemoryCounts | Unset = UNSET
    teacher_share: float | Unset = UNSET
    harvested: int | Unset = UNSET
    failures_written: int | Unset = UNSET
    explored: int | Unset = UNSET
    recipes: int | Unset = UNSET
    operation: str | Unset = UNSET
    selected: list[str] | Unset = UNSET
    validation_accuracy: float | Unset = UNSET
    validation_without_memory: float | Unset = UNSET
    validation_routing_only: float | Unset = UNSET
    test_accuracy: float | Unset = UNSET
    test_without_memory: float | Unset = UNSET
    memory_off: list[str] | Unset = UNSET
    rejected: int | Unset = UNSET
    checkers: list[str] | Unset = UNSET
    rejections: list[EvolutionRunMetricsItemRejectionsItem] | Unset = UNSET
    probation: EvolutionRunMetricsItemProbation | Unset = UNSET
    teacher_corrupted: int | Unset = UNSET
    teacher_corrupted_committed: int | Unset = UNSET
    profile: LearnerProfile | Unset = UNSET
    calibration: Calibration | Unset = UNSET
    baseline_profile: LearnerProfile | Unset = UNSET
    baseline_calibration: Calibration | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        iteration = self.iteration

        accuracy = self.accuracy

        flips = self.flips

        teacher_calls = self.teacher_calls

        learner_calls = self.learner_calls

        rolled_back = self.rolled_back

        wall_ms = self.wall_ms

        accuracy_by_task_type: dict[str, Any] | Unset = UNSET
        if not isinstance(self.accuracy_by_task_type, Unset):
            accuracy_by_task_type = self.accuracy_by_task_type.to_dict()

        memory_counts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.memory_counts, Unset):
            memory_counts = self.memory_counts.to_dict()

        teacher_share = self.teacher_share

        harvested = self.harvested

        failures_written = self.failures_written

        explored = self.explored

        recipes = self.recipes

        operation = self.operation

        selected: list[str] | Unset = UNSET
        if not isinstance(self.selected, Unset):
            selected = self.selected

        validation_accuracy = self.validation_accuracy

        validation_without_memory = self.validation_without_memory

        validation_routing_only = self.validation_routing_only

        test_accuracy = self.test_accuracy

        test_without_memory = self.test_without_memory

        memory_off: list[str] | Unset = UNSET
        if not isinstance(self.memory_off, Unset):
            memory_off = self.memory_off

        rejected = self.rejected

        checkers: list[str] | Unset = UNSET
        if not isinstance(self.checkers, Unset):
            checkers = self.checkers

        rejections: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rejections, Unset):
            rejections = []
            for rejections_item_data in self.rejections:
                rejections_item = rejections_item_data.to_dict()
                rejections.append(rejections_item)

        probation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.probation, Unset):
            probation = self.probation.to_dict()

        teacher_corrupted = self.teacher_corrupted

        teacher_corrupted_committed = self.teacher_corrupted_committed

        profile: dict[str, Any] | Unset = UNSET
        if not isinstance(self.profile, Unset):
            profile = self.profile.to_dict()

        calibration: dict[str, Any] | Unset = UNSET
        if not isinstance(self.calibration, Unset):
            calibration = self.calibration.to_dict()

        baseline_profile: dict[str, Any] | Unset = UNSET
        if not isinstance(self.baseline_profile, Unset):
            baseline_profile = self.baseline_profile.to_dict()

        baseline_calibration: dict[str, Any] | Unset = UNSET
        if not isinstance(self.baseline_calibration, Unset):
            baseline_calibration = self.baseline_calibration.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "iteration": iteration,
                "accuracy": accuracy,
                "flips": flips,
                "teacher_calls": teacher_calls,
                "learner_calls": learner_calls,
                "rolled_back": rolled_back,
                "wall_ms": wall_ms,
            }
        )
        if accuracy_by_task_type is not UNSET:
            field_dict["accuracy_by_task_type"] = accuracy_by_task_type
        if memory_counts is not UNSET:
            field_dict["memory_counts"] = memory_counts
        if teacher_share is not UNSET:
            field_dict["teacher_share"] = teacher_share
        if harvested is not UNSET:
            field_dict["harvested"] = harvested
        if failures_written is not UNSET:
            field_dict["failures_written"] = failures_written
        if explored is not UNSET:
            field_dict["explored"] = explored
        if recipes is not UNSET:
            field_dict["recipes"] = recipes
        if operation is not UNSET:
            field_dict["operation"] = operation
        if selected is not UNSET:
            field_dict["selected"] = selected
        if validation_accuracy is not UNSET:
            field_dict["validation_accuracy"] = validation_accuracy
        if validation_without_memory is not UNSET:
            field_dict["validation_without_memory"] = validation_without_memory
        if validation_routing_only is not UNSET:
            field_dict["validation_routing_only"] = validation_routing_only
        if test_accuracy is not UNSET:
            field_dict["test_accuracy"] = test_accuracy
        if test_without_memory is not UNSET:
            field_dict["test_without_memory"] = test_without_memory
        if memory_off is not UNSET:
            field_dict["memory_off"] = memory_off
        if rejected is not UNSET:
            field_dict["rejected"] = rejected
        if checkers is not UNSET:
            field_dict["checkers"] = checkers
        if rejections is not UNSET:
            field_dict["rejections"] = rejections
        if probation is not UNSET:
            field_dict["probation"] = probation
        if teacher_corrupted is not UNSET:
            field_dict["teacher_corrupted"] = teacher_corrupted
        if teacher_corrupted_committed is not UNSET:
            field_dict["teacher_corrupted_committed"] = teacher_corrupted_committed
        if profile is not UNSET:
            field_dict["profile"] = profile
        if calibration is not UNSET:
            field_dict["calibration"] = calibration
        if baseline_profile is not UNSET:
            field_dict["baseline_profile"] = baseline_profile
        if baseline_calibration is not UNSET:
            field_dict["baseline_calibration"] = baseline_calibration

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calibration import Calibration  # noqa: PLC0415
        from ..models.evolution_run_metrics_item_accuracy_by_task_type import EvolutionRunMetricsItemAccuracyByTaskType  # noqa: PLC0415
        from ..models.evolution_run_metrics_item_memory_counts import EvolutionRunMetricsItemMemoryCounts  # noqa: PLC0415
        from ..models.evolution_run_metrics_item_probation import EvolutionRunMetricsItemProbation  # noqa: PLC0415
        from ..models.evolution_run_metrics_item_rejections_item import EvolutionRunMetricsItemRejectionsItem  # noqa: PLC0415
        from ..models.learner_profile import LearnerProfile  # noqa: PLC0415

        d = dict(src_dict)
        iteration = d.pop("iteration")

        accuracy = d.pop("accuracy")

        flips = d.pop("flips")

        teacher_calls = d.pop("teacher_calls")

        learner_calls = d.pop("learner_calls")

        rolled_back = d.pop("rolled_back")

        wall_ms = d.pop("wall_ms")

        _accuracy_by_task_type = d.pop("accuracy_by_task_type", UNSET)
        accuracy_by_task_type: EvolutionRunMetricsItemAccuracyByTaskType | Unset
        if isinstance(_accuracy_by_task_type, Unset):
            accuracy_by_task_type = UNSET
        else:
            accuracy_by_task_type = EvolutionRunMetricsItemAccuracyByTaskType.from_dict(_accuracy_by_task_type)

        _memory_counts = d.pop("memory_counts", UNSET)
        memory_counts: EvolutionRunMetricsItemMemoryCounts | Unset
        if isinstance(_memory_counts, Unset):
            memory_counts = UNSET
        else:
            memory_counts = EvolutionRunMetricsItemMemoryCounts.from_dict(_memory_counts)

        teacher_share = d.pop("teacher_share", UNSET)

        harvested = d.pop("harvested", UNSET)

        failures_written = d.pop("failures_written", UNSET)

        explored = d.pop("explored", UNSET)

        recipes = d.pop("recipes", UNSET)

        operation = d.pop("operation", UNSET)

        selected = cast(list[str], d.pop("selected", UNSET))

        validation_accuracy = d.pop("validation_accuracy", UNSET)

        validation_without_memory = d.pop("validation_without_memory", UNSET)

        validation_routing_only = d.pop("validation_routing_only", UNSET)

        test_accuracy = d.pop("test_accuracy", UNSET)

        test_without_memory = d.pop("test_without_memory", UNSET)

        memory_off = cast(list[str], d.pop("memory_off", UNSET))

        rejected = d.pop("rejected", UNSET)

        checkers = cast(list[str], d.pop("checkers", UNSET))

        _rejections = d.pop("rejections", UNSET)
        rejections: list[EvolutionRunMetricsItemRejectionsItem] | Unset = UNSET
        if _rejections is not UNSET:
            rejections = []
            for rejections_item_data in _rejections:
                rejections_item = EvolutionRunMetricsItemRejectionsItem.from_dict(rejections_item_data)

                rejections.append(rejections_item)

        _probation = d.pop("probation", UNSET)
        probation: EvolutionRunMetricsItemProbation | Unset
        if isinstance(_probation, Unset):
            probation = UNSET
        else:
            probation = EvolutionRunMetricsItemProbation.from_dict(_probation)

        teacher_corrupted = d.pop("teacher_corrupted", UNSET)

        teacher_corrupted_committed = d.pop("teacher_corrupted_committed", UNSET)

        _profile = d.pop("profile", UNSET)
        profile: LearnerProfile | Unset
        if isinstance(_profile, Unset):
            profile = UNSET
        else:
            profile = LearnerProfile.from_dict(_profile)

        _calibration = d.pop("calibration", UNSET)
        calibration: Calibration | Unset
        if isinstance(_calibration, Unset):
            calibration = UNSET
        else:
            calibration = Calibration.from_dict(_calibration)

        _baseline_profile = d.pop("baseline_profile", UNSET)
        baseline_profile: LearnerProfile | Unset
        if isinstance(_baseline_profile, Unset):
            baseline_profile = UNSET
        else:
            baseline_profile = LearnerProfile.from_dict(_baseline_profile)

        _baseline_calibration = d.pop("baseline_calibration", UNSET)
        baseline_calibration: Calibration | Unset
        if isinstance(_baseline_calibration, Unset):
            baseline_calibration = UNSET
        else:
            baseline_calibration = Calibration.from_dict(_baseline_calibration)

        evolution_run_metrics_item = cls(
            iteration=iteration,
            accuracy=accuracy,
            flips=flips,
            teacher_calls=teacher_calls,
            learner_calls=learner_calls,
            rolled_back=rolled_back,
            wall_ms=wall_ms,
            accuracy_by_task_type=accuracy_by_task_type,
            memory_counts=memory_counts,
            teacher_share=teacher_share,
            harvested=harvested,
            failures_written=failures_written,
            explored=explored,
            recipes=recipes,
            operation=operation,
            selected=selected,
            validation_accuracy=validation_accuracy,
            validation_without_memory=validation_without_memory,
            validation_routing_only=validation_routing_only,
            test_accuracy=test_accuracy,
            test_without_memory=test_without_memory,
            memory_off=memory_off,
            rejected=rejected,
            checkers=checkers,
            rejections=rejections,
            probation=probation,
            teacher_corrupted=teacher_corrupted,
            teacher_corrupted_committed=teacher_corrupted_committed,
            profile=profile,
            calibration=calibration,
            baseline_profile=baseline_profile,
            baseline_calibration=baseline_calibration,
        )

        evolution_run_metrics_item.additional_properties = d
        return evolution_run_metrics_item

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
