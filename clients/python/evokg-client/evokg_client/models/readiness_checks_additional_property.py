from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.readiness_checks_additional_property_status import ReadinessChecksAdditionalPropertyStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.readiness_checks_additional_property_info import ReadinessChecksAdditionalPropertyInfo


T = TypeVar("T", bound="ReadinessChecksAdditionalProperty")


@_attrs_define
class ReadinessChecksAdditionalProperty:
    """
    Attributes:
        status (ReadinessChecksAdditionalPropertyStatus): warming means reachable but still being prepared (Neo4j runs
            the platform's queries once at start); a critical check that is down or warming makes the service unready
        latency_ms (float):
        detail (str | Unset):
        fake (bool | Unset): the dependency is a scripted fake
        info (ReadinessChecksAdditionalPropertyInfo | Unset):
    """

    status: ReadinessChecksAdditionalPropertyStatus
    latency_ms: float
    detail: str | Unset = UNSET
    fake: bool | Unset = UNSET
    info: ReadinessChecksAdditionalPropertyInfo | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        latency_ms = self.latency_ms

        detail = self.detail

        fake = self.fake

        info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.info, Unset):
            info = self.info.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "latency_ms": latency_ms,
            }
        )
        if detail is not UNSET:
            field_dict["detail"] = detail
        if fake is not UNSET:
            field_dict["fake"] = fake
        if info is not UNSET:
            field_dict["info"] = info

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readiness_checks_additional_property_info import ReadinessChecksAdditionalPropertyInfo  # noqa: PLC0415

        d = dict(src_dict)
        status = ReadinessChecksAdditionalPropertyStatus(d.pop("status"))

        latency_ms = d.pop("latency_ms")

        detail = d.pop("detail", UNSET)

        fake = d.pop("fake", UNSET)

        _info = d.pop("info", UNSET)
        info: ReadinessChecksAdditionalPropertyInfo | Unset
        if isinstance(_info, Unset):
            info = UNSET
        else:
            info = ReadinessChecksAdditionalPropertyInfo.from_dict(_info)

        readiness_checks_additional_property = cls(
            status=status,
            latency_ms=latency_ms,
            detail=detail,
            fake=fake,
            info=info,
        )

        readiness_checks_additional_property.additional_properties = d
        return readiness_checks_additional_property

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
