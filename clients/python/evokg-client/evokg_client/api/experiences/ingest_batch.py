from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.experience_input import ExperienceInput
from ...models.ingest_batch_response_202 import IngestBatchResponse202
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    body: list[ExperienceInput],
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/experiences/batch".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = []
    for body_item_data in body:
        body_item = body_item_data.to_dict()
        _kwargs["json"].append(body_item)

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> IngestBatchResponse202 | Problem:
    if response.status_code == 202:
        response_202 = IngestBatchResponse202.from_dict(response.json())

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
) -> Response[IngestBatchResponse202 | Problem]:
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
    body: list[ExperienceInput],
    idempotency_key: str | Unset = UNSET,
) -> Response[IngestBatchResponse202 | Problem]:
    """Ingest up to 1000 experiences as a JSON array or NDJSON (scope memory:write; 32 MiB body).

     All or none are accepted; an NDJSON body is checked as the array of its non-blank lines.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (list[ExperienceInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IngestBatchResponse202 | Problem]
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
    body: list[ExperienceInput],
    idempotency_key: str | Unset = UNSET,
) -> IngestBatchResponse202 | Problem | None:
    """Ingest up to 1000 experiences as a JSON array or NDJSON (scope memory:write; 32 MiB body).

     All or none are accepted; an NDJSON body is checked as the array of its non-blank lines.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (list[ExperienceInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IngestBatchResponse202 | Problem
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
    body: list[ExperienceInput],
    idempotency_key: str | Unset = UNSET,
) -> Response[IngestBatchResponse202 | Problem]:
    """Ingest up to 1000 experiences as a JSON array or NDJSON (scope memory:write; 32 MiB body).

     All or none are accepted; an NDJSON body is checked as the array of its non-blank lines.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (list[ExperienceInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IngestBatchResponse202 | Problem]
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
    body: list[ExperienceInput],
    idempotency_key: str | Unset = UNSET,
) -> IngestBatchResponse202 | Problem | None:
    """Ingest up to 1000 experiences as a JSON array or NDJSON (scope memory:write; 32 MiB body).

     All or none are accepted; an NDJSON body is checked as the array of its non-blank lines.

    Args:
        ns (str):
        idempotency_key (str | Unset):
        body (list[ExperienceInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IngestBatchResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
