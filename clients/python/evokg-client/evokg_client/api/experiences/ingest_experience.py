from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.experience_input import ExperienceInput
from ...models.ingest_receipt import IngestReceipt
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    body: ExperienceInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/experiences".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> IngestReceipt | Problem:
    if response.status_code == 202:
        response_202 = IngestReceipt.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[IngestReceipt | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExperienceInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[IngestReceipt | Problem]:
    """Ingest one experience (scope memory:write).

     Without an evaluation the platform evaluates the experience; with
    outcome and evaluation it is committed as given (pre-evaluated path),
    except that the quality gate decides: one whose q = 0.9·c + 0.05·η +
    0.05·κ is below θ = 0.3 is committed as a failed experience, a
    failure_memory, and never enters the success index. The receipt's
    outcome and gate say what was decided.
    The same Idempotency-Key with the same body returns the first receipt;
    with another body it is a 409.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (ExperienceInput): An APEX-EM experience record with MAGE memory fields. What it is
            decides
            what it needs (allOf below): an experience the platform evaluates (no
            evaluation; outcome absent, success_memory or failure_memory) needs a
            question or a goal.task_description; a pre-evaluated success or failure
            memory (outcome and evaluation) needs a question, a
            goal.task_description or a content; a principle, retrieval recipe or
            abstracted pattern needs a content. failure_kind is only for failure
            memories (or an outcome left to the evaluation). Server-owned fields
            (id, namespace, version, created_at) are accepted and ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IngestReceipt | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExperienceInput,
    idempotency_key: str | Unset = UNSET,
) -> IngestReceipt | Problem | None:
    """Ingest one experience (scope memory:write).

     Without an evaluation the platform evaluates the experience; with
    outcome and evaluation it is committed as given (pre-evaluated path),
    except that the quality gate decides: one whose q = 0.9·c + 0.05·η +
    0.05·κ is below θ = 0.3 is committed as a failed experience, a
    failure_memory, and never enters the success index. The receipt's
    outcome and gate say what was decided.
    The same Idempotency-Key with the same body returns the first receipt;
    with another body it is a 409.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (ExperienceInput): An APEX-EM experience record with MAGE memory fields. What it is
            decides
            what it needs (allOf below): an experience the platform evaluates (no
            evaluation; outcome absent, success_memory or failure_memory) needs a
            question or a goal.task_description; a pre-evaluated success or failure
            memory (outcome and evaluation) needs a question, a
            goal.task_description or a content; a principle, retrieval recipe or
            abstracted pattern needs a content. failure_kind is only for failure
            memories (or an outcome left to the evaluation). Server-owned fields
            (id, namespace, version, created_at) are accepted and ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IngestReceipt | Problem
    """

    return sync_detailed(
        ns=ns,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExperienceInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[IngestReceipt | Problem]:
    """Ingest one experience (scope memory:write).

     Without an evaluation the platform evaluates the experience; with
    outcome and evaluation it is committed as given (pre-evaluated path),
    except that the quality gate decides: one whose q = 0.9·c + 0.05·η +
    0.05·κ is below θ = 0.3 is committed as a failed experience, a
    failure_memory, and never enters the success index. The receipt's
    outcome and gate say what was decided.
    The same Idempotency-Key with the same body returns the first receipt;
    with another body it is a 409.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (ExperienceInput): An APEX-EM experience record with MAGE memory fields. What it is
            decides
            what it needs (allOf below): an experience the platform evaluates (no
            evaluation; outcome absent, success_memory or failure_memory) needs a
            question or a goal.task_description; a pre-evaluated success or failure
            memory (outcome and evaluation) needs a question, a
            goal.task_description or a content; a principle, retrieval recipe or
            abstracted pattern needs a content. failure_kind is only for failure
            memories (or an outcome left to the evaluation). Server-owned fields
            (id, namespace, version, created_at) are accepted and ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IngestReceipt | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: ExperienceInput,
    idempotency_key: str | Unset = UNSET,
) -> IngestReceipt | Problem | None:
    """Ingest one experience (scope memory:write).

     Without an evaluation the platform evaluates the experience; with
    outcome and evaluation it is committed as given (pre-evaluated path),
    except that the quality gate decides: one whose q = 0.9·c + 0.05·η +
    0.05·κ is below θ = 0.3 is committed as a failed experience, a
    failure_memory, and never enters the success index. The receipt's
    outcome and gate say what was decided.
    The same Idempotency-Key with the same body returns the first receipt;
    with another body it is a 409.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (ExperienceInput): An APEX-EM experience record with MAGE memory fields. What it is
            decides
            what it needs (allOf below): an experience the platform evaluates (no
            evaluation; outcome absent, success_memory or failure_memory) needs a
            question or a goal.task_description; a pre-evaluated success or failure
            memory (outcome and evaluation) needs a question, a
            goal.task_description or a content; a principle, retrieval recipe or
            abstracted pattern needs a content. failure_kind is only for failure
            memories (or an outcome left to the evaluation). Server-owned fields
            (id, namespace, version, created_at) are accepted and ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IngestReceipt | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
