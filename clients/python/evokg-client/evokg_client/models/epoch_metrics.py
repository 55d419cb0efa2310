from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EpochMetrics")


@_attrs_define
class EpochMetrics:
    """
    Attributes:
        epoch (int): the epoch; epochs + 1 for the frozen test evaluation
        tasks (int):
        solved (int):
        sr (float): share of the epoch's tasks solved
        csr (float): share of the epoch's items solved in some epoch up to this one
        mean_iterations (float): mean attempts per task
        first_attempt_success (float): share of tasks solved at the first attempt
        frozen (bool):
        failed (int): tasks whose run ended in an error (a model reply that stayed invalid; the task's error says why):
            counted as not solved, and the epoch run goes on
        task_ids (list[UUID]): the epoch's tasks, each read at GET tasks/{id}
    """

    epoch: int
    tasks: int
    solved: int
    sr: float
    csr: float
    mean_iterations: float
    first_attempt_success: float
    frozen: bool
    failed: int
    task_ids: list[UUID]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        epoch = self.epoch

        tasks = self.tasks

        solved = self.solved

        sr = self.sr

        csr = self.csr

        mean_iterations = self.mean_iterations

        first_attempt_success = self.first_attempt_success

        frozen = self.frozen

        failed = self.failed

        task_ids = []
        for task_ids_item_data in self.task_ids:
            task_ids_item = str(task_ids_item_data)
            task_ids.append(task_ids_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "epoch": epoch,
                "tasks": tasks,
                "solved": solved,
                "sr": sr,
                "csr": csr,
                "mean_iterations": mean_iterations,
                "first_attempt_success": first_attempt_success,
                "frozen": frozen,
                "failed": failed,
                "task_ids": task_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        epoch = d.pop("epoch")

        tasks = d.pop("tasks")

        solved = d.pop("solved")

        sr = d.pop("sr")

        csr = d.pop("csr")

        mean_iterations = d.pop("mean_iterations")

        first_attempt_success = d.pop("first_attempt_success")

        frozen = d.pop("frozen")

        failed = d.pop("failed")

        task_ids = []
        _task_ids = d.pop("task_ids")
        for task_ids_item_data in _task_ids:
            task_ids_item = UUID(task_ids_item_data)

            task_ids.append(task_ids_item)

        epoch_metrics = cls(
            epoch=epoch,
            tasks=tasks,
            solved=solved,
            sr=sr,
            csr=csr,
            mean_iterations=mean_iterations,
            first_attempt_success=first_attempt_success,
            frozen=frozen,
            failed=failed,
            task_ids=task_ids,
        )

        epoch_metrics.additional_properties = d
        return epoch_metrics

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
