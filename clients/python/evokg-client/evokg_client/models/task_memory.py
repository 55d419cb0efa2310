from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.outcome import Outcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_record import ErrorRecord
    from ..models.task_memory_patches_item import TaskMemoryPatchesItem


T = TypeVar("T", bound="TaskMemory")


@_attrs_define
class TaskMemory:
    """
    Attributes:
        experience_id (UUID):
        outcome (Outcome):
        score (float):
        text (str):
        signature (list[str] | Unset):
        errors (list[ErrorRecord] | Unset):
        patches (list[TaskMemoryPatchesItem] | Unset):
    """

    experience_id: UUID
    outcome: Outcome
    score: float
    text: str
    signature: list[str] | Unset = UNSET
    errors: list[ErrorRecord] | Unset = UNSET
    patches: list[TaskMemoryPatchesItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        experience_id = str(self.experience_id)

        outcome = self.outcome.value

        score = self.score

        text = self.text

        signature: list[str] | Unset = UNSET
        if not isinstance(self.signature, Unset):
            signature = self.signature

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        patches: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.patches, Unset):
            patches = []
            for patches_item_data in self.patches:
                patches_item = patches_item_data.to_dict()
                patches.append(patches_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experience_id": experience_id,
                "outcome": outcome,
                "score": score,
                "text": text,
            }
        )
        if signature is not UNSET:
            field_dict["signature"] = signature
        if errors is not UNSET:
            field_dict["errors"] = errors
        if patches is not UNSET:
            field_dict["patches"] = patches

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_record import ErrorRecord  # noqa: PLC0415
        from ..models.task_memory_patches_item import TaskMemoryPatchesItem  # noqa: PLC0415

        d = dict(src_dict)
        experience_id = UUID(d.pop("experience_id"))

        outcome = Outcome(d.pop("outcome"))

        score = d.pop("score")

        text = d.pop("text")

        signature = cast(list[str], d.pop("signature", UNSET))

        _errors = d.pop("errors", UNSET)
        errors: list[ErrorRecord] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ErrorRecord.from_dict(errors_item_data)

                errors.append(errors_item)

        _patches = d.pop("patches", UNSET)
        patches: list[TaskMemoryPatchesItem] | Unset = UNSET
        if _patches is not UNSET:
            patches = []
            for patches_item_data in _patches:
                patches_item = TaskMemoryPatchesItem.from_dict(patches_item_data)

                patches.append(patches_item)

        task_memory = cls(
            experience_id=experience_id,
            outcome=outcome,
            score=score,
            text=text,
            signature=signature,
            errors=errors,
            patches=patches,
        )

        task_memory.additional_properties = d
        return task_memory

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
