from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.epoch_run_status import EpochRunStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.epoch_metrics import EpochMetrics
    from ..models.epoch_run_pool import EpochRunPool


T = TypeVar("T", bound="EpochRun")


@_attrs_define
class EpochRun:
    """
    Attributes:
        id (UUID):
        namespace (str):
        status (EpochRunStatus):
        pool (EpochRunPool):
        epochs (int):
        epoch (int): the epoch running or last run (epochs + 1 for the frozen evaluation)
        frozen (bool):
        validation (float): the validation fraction of the pool: neither trained on nor tested (0 for a run started
            before epoch runs had one)
        test (float): the test fraction of the pool
        held_out (float): test under its name in the previous release, still returned
        metrics (list[EpochMetrics]): per epoch, computed from the stored attempts of the tasks finished so far
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        max_iterations (int | Unset):
        frozen_result (EpochMetrics | Unset):
        error (str | Unset):
    """

    id: UUID
    namespace: str
    status: EpochRunStatus
    pool: EpochRunPool
    epochs: int
    epoch: int
    frozen: bool
    validation: float
    test: float
    held_out: float
    metrics: list[EpochMetrics]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    max_iterations: int | Unset = UNSET
    frozen_result: EpochMetrics | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        namespace = self.namespace

        status = self.status.value

        pool = self.pool.to_dict()

        epochs = self.epochs

        epoch = self.epoch

        frozen = self.frozen

        validation = self.validation

        test = self.test

        held_out = self.held_out

        metrics = []
        for metrics_item_data in self.metrics:
            metrics_item = metrics_item_data.to_dict()
            metrics.append(metrics_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        max_iterations = self.max_iterations

        frozen_result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.frozen_result, Unset):
            frozen_result = self.frozen_result.to_dict()

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "namespace": namespace,
                "status": status,
                "pool": pool,
                "epochs": epochs,
                "epoch": epoch,
                "frozen": frozen,
                "validation": validation,
                "test": test,
                "held_out": held_out,
                "metrics": metrics,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if max_iterations is not UNSET:
            field_dict["max_iterations"] = max_iterations
        if frozen_result is not UNSET:
            field_dict["frozen_result"] = frozen_result
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.epoch_metrics import EpochMetrics  # noqa: PLC0415
        from ..models.epoch_run_pool import EpochRunPool  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        namespace = d.pop("namespace")

        status = EpochRunStatus(d.pop("status"))

        pool = EpochRunPool.from_dict(d.pop("pool"))

        epochs = d.pop("epochs")

        epoch = d.pop("epoch")

        frozen = d.pop("frozen")

        validation = d.pop("validation")

        test = d.pop("test")

        held_out = d.pop("held_out")

        metrics = []
        _metrics = d.pop("metrics")
        for metrics_item_data in _metrics:
            metrics_item = EpochMetrics.from_dict(metrics_item_data)

            metrics.append(metrics_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        max_iterations = d.pop("max_iterations", UNSET)

        _frozen_result = d.pop("frozen_result", UNSET)
        frozen_result: EpochMetrics | Unset
        if isinstance(_frozen_result, Unset):
            frozen_result = UNSET
        else:
            frozen_result = EpochMetrics.from_dict(_frozen_result)

        error = d.pop("error", UNSET)

        epoch_run = cls(
            id=id,
            namespace=namespace,
            status=status,
            pool=pool,
            epochs=epochs,
            epoch=epoch,
            frozen=frozen,
            validation=validation,
            test=test,
            held_out=held_out,
            metrics=metrics,
            created_at=created_at,
            updated_at=updated_at,
            max_iterations=max_iterations,
            frozen_result=frozen_result,
            error=error,
        )

        epoch_run.additional_properties = d
        return epoch_run

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
