from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.calibration import Calibration
    from ..models.learner_profile import LearnerProfile


T = TypeVar("T", bound="LearnerProfileState")


@_attrs_define
class LearnerProfileState:
    """
    Attributes:
        namespace (str):
        model (str):
        stored (bool): true: the profile stored for the model (by hand or by a calibration); false: none is stored, and
            this is the default profile
        profile (LearnerProfile): how a learner model is given memory and asked to answer
        calibration (Calibration | Unset): the measurement that chose a profile
        updated_at (datetime.datetime | Unset): when the profile was stored; absent when none is
    """

    namespace: str
    model: str
    stored: bool
    profile: LearnerProfile
    calibration: Calibration | Unset = UNSET
    updated_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        namespace = self.namespace

        model = self.model

        stored = self.stored

        profile = self.profile.to_dict()

        calibration: dict[str, Any] | Unset = UNSET
        if not isinstance(self.calibration, Unset):
            calibration = self.calibration.to_dict()

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "namespace": namespace,
                "model": model,
                "stored": stored,
                "profile": profile,
            }
        )
        if calibration is not UNSET:
            field_dict["calibration"] = calibration
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calibration import Calibration  # noqa: PLC0415
        from ..models.learner_profile import LearnerProfile  # noqa: PLC0415

        d = dict(src_dict)
        namespace = d.pop("namespace")

        model = d.pop("model")

        stored = d.pop("stored")

        profile = LearnerProfile.from_dict(d.pop("profile"))

        _calibration = d.pop("calibration", UNSET)
        calibration: Calibration | Unset
        if isinstance(_calibration, Unset):
            calibration = UNSET
        else:
            calibration = Calibration.from_dict(_calibration)

        _updated_at = d.pop("updated_at", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        learner_profile_state = cls(
            namespace=namespace,
            model=model,
            stored=stored,
            profile=profile,
            calibration=calibration,
            updated_at=updated_at,
        )

        learner_profile_state.additional_properties = d
        return learner_profile_state

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
