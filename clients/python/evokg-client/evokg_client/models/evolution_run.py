from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evolution_run_status import EvolutionRunStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evolution_run_metrics_item import EvolutionRunMetricsItem


T = TypeVar("T", bound="EvolutionRun")


@_attrs_define
class EvolutionRun:
    """
    Attributes:
        id (UUID):
        namespace (str):
        status (EvolutionRunStatus):
        iterations (int):
        iteration (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        error (str | Unset):
        metrics (list[EvolutionRunMetricsItem] | Unset):
    """

    id: UUID
    namespace: str
    status: EvolutionRunStatus
    iterations: int
    iteration: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    error: str | Unset = UNSET
    metrics: list[EvolutionRunMetricsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        namespace = self.namespace

        status = self.status.value

        iterations = self.iterations

        iteration = self.iteration

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        error = self.error

        metrics: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.metrics, Unset):
            metrics = []
            for metrics_item_data in self.metrics:
                metrics_item = metrics_item_data.to_dict()
                metrics.append(metrics_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "namespace": namespace,
                "status": status,
                "iterations": iterations,
                "iteration": iteration,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error
        if metrics is not UNSET:
            field_dict["metrics"] = metrics

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evolution_run_metrics_item import EvolutionRunMetricsItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        namespace = d.pop("namespace")

        status = EvolutionRunStatus(d.pop("status"))

        iterations = d.pop("iterations")

        iteration = d.pop("iteration")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        error = d.pop("error", UNSET)

        _metrics = d.pop("metrics", UNSET)
        metrics: list[EvolutionRunMetricsItem] | Unset = UNSET
        if _metrics is not UNSET:
            metrics = []
            for metrics_item_data in _metrics:
                metrics_item = EvolutionRunMetricsItem.from_dict(metrics_item_data)

                metrics.append(metrics_item)

        evolution_run = cls(
            id=id,
            namespace=namespace,
            status=status,
            iterations=iterations,
            iteration=iteration,
            created_at=created_at,
            updated_at=updated_at,
            error=error,
            metrics=metrics,
        )

        evolution_run.additional_properties = d
        return evolution_run

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
