from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.retrieve_request_mode import RetrieveRequestMode
from ..models.retrieve_request_strategy import RetrieveRequestStrategy
from ..types import UNSET, Unset

T = TypeVar("T", bound="RetrieveRequest")


@_attrs_define
class RetrieveRequest:
    """
    Attributes:
        question (str): free text, 1 to 65536 characters without NUL
        task_type (str): a name (task type, skill, operation, entity), 1 to 200 characters without NUL
        context (str | Unset): free text, at most 65536 characters without NUL
        signature (list[str] | Unset):
        mode (RetrieveRequestMode | Unset): mage allocates by context length (κ); apex returns P+ top-3 and P− top-2;
            without it the server's --retrieval-mode (default mage)
        strategy (RetrieveRequestStrategy | Unset): force a search-bandit arm
        embedding (list[float] | Unset): an embedding of the index dimension (768), compared by cosine: not every
            component 0, and a length between 1e-15 and 1e19 (the sum of the squares of its components between 1e-30 and
            1e38, which pgvector sums in float32), a 422 naming /embedding otherwise
    """

    question: str
    task_type: str
    context: str | Unset = UNSET
    signature: list[str] | Unset = UNSET
    mode: RetrieveRequestMode | Unset = UNSET
    strategy: RetrieveRequestStrategy | Unset = UNSET
    embedding: list[float] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        task_type = self.task_type

        context = self.context

        signature: list[str] | Unset = UNSET
        if not isinstance(self.signature, Unset):
            signature = self.signature

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy.value

        embedding: list[float] | Unset = UNSET
        if not isinstance(self.embedding, Unset):
            embedding = self.embedding

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "question": question,
                "task_type": task_type,
            }
        )
        if context is not UNSET:
            field_dict["context"] = context
        if signature is not UNSET:
            field_dict["signature"] = signature
        if mode is not UNSET:
            field_dict["mode"] = mode
        if strategy is not UNSET:
            field_dict["strategy"] = strategy
        if embedding is not UNSET:
            field_dict["embedding"] = embedding

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        question = d.pop("question")

        task_type = d.pop("task_type")

        context = d.pop("context", UNSET)

        signature = cast(list[str], d.pop("signature", UNSET))

        _mode = d.pop("mode", UNSET)
        mode: RetrieveRequestMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = RetrieveRequestMode(_mode)

        _strategy = d.pop("strategy", UNSET)
        strategy: RetrieveRequestStrategy | Unset
        if isinstance(_strategy, Unset):
            strategy = UNSET
        else:
            strategy = RetrieveRequestStrategy(_strategy)

        embedding = cast(list[float], d.pop("embedding", UNSET))

        retrieve_request = cls(
            question=question,
            task_type=task_type,
            context=context,
            signature=signature,
            mode=mode,
            strategy=strategy,
            embedding=embedding,
        )

        return retrieve_request
