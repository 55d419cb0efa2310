from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.epoch_run_request_pool import EpochRunRequestPool


T = TypeVar("T", bound="EpochRunRequest")


@_attrs_define
class EpochRunRequest:
    """
    Attributes:
        pool (EpochRunRequestPool):
        epochs (int): epochs E; the training split goes through PRGII once per epoch
        max_iterations (int | Unset): attempts J per task; 0 takes the validator's default (10)
        frozen (bool | Unset): after the epochs, evaluate the test split once with memory frozen (no ingest) Default:
            False.
        validation (float | Unset): validation fraction of the pool, as an evolution run's: neither trained on nor
            tested; 0 makes none. validation + test must stay below 1 (a 422 on /validation otherwise) Default: 0.2.
        test (float | Unset): test fraction of the pool, never trained on; with frozen at least one item is tested (also
            at 0), without it 0 tests nothing Default: 0.2.
        held_out (float | Unset): test under its name in the previous release, still accepted; test wins when both are
            given
    """

    pool: EpochRunRequestPool
    epochs: int
    max_iterations: int | Unset = UNSET
    frozen: bool | Unset = False
    validation: float | Unset = 0.2
    test: float | Unset = 0.2
    held_out: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pool = self.pool.to_dict()

        epochs = self.epochs

        max_iterations = self.max_iterations

        frozen = self.frozen

        validation = self.validation

        test = self.test

        held_out = self.held_out

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pool": pool,
                "epochs": epochs,
            }
        )
        if max_iterations is not UNSET:
            field_dict["max_iterations"] = max_iterations
        if frozen is not UNSET:
            field_dict["frozen"] = frozen
        if validation is not UNSET:
            field_dict["validation"] = validation
        if test is not UNSET:
            field_dict["test"] = test
        if held_out is not UNSET:
            field_dict["held_out"] = held_out

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.epoch_run_request_pool import EpochRunRequestPool  # noqa: PLC0415

        d = dict(src_dict)
        pool = EpochRunRequestPool.from_dict(d.pop("pool"))

        epochs = d.pop("epochs")

        max_iterations = d.pop("max_iterations", UNSET)

        frozen = d.pop("frozen", UNSET)

        validation = d.pop("validation", UNSET)

        test = d.pop("test", UNSET)

        held_out = d.pop("held_out", UNSET)

        epoch_run_request = cls(
            pool=pool,
            epochs=epochs,
            max_iterations=max_iterations,
            frozen=frozen,
            validation=validation,
            test=test,
            held_out=held_out,
        )

        return epoch_run_request
