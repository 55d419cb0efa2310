from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reindex_report import ReindexReport
from ...models.reindex_request import ReindexRequest
from ...types import Response


def _get_kwargs(
    *,
    body: ReindexRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/maintenance/reindex",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ReindexReport:
    if response.status_code == 200:
        response_200 = ReindexReport.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[Problem | ReindexReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReindexRequest,
) -> Response[Problem | ReindexReport]:
    """Rebuild the bloated HNSW vector indexes (scope admin; the key must be bound to *).

     Deleting memories (a namespace purge, pruning) frees rows but not the
    pages of the vector indexes. This measures every HNSW index against
    the live rows of its table and rebuilds, one at a time, those over
    twice the size a fresh build takes when that frees at least 1 MiB,
    with REINDEX INDEX CONCURRENTLY: reads and writes go on meanwhile.
    The indexes are shared by all namespaces, so the key must be bound to
    every namespace. At the request's deadline the rebuild under way is
    finished and the indexes left are named in `remaining`; call again.
    A second reindex while one runs is a 409.

    Args:
        body (ReindexRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReindexReport]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ReindexRequest,
) -> Problem | ReindexReport | None:
    """Rebuild the bloated HNSW vector indexes (scope admin; the key must be bound to *).

     Deleting memories (a namespace purge, pruning) frees rows but not the
    pages of the vector indexes. This measures every HNSW index against
    the live rows of its table and rebuilds, one at a time, those over
    twice the size a fresh build takes when that frees at least 1 MiB,
    with REINDEX INDEX CONCURRENTLY: reads and writes go on meanwhile.
    The indexes are shared by all namespaces, so the key must be bound to
    every namespace. At the request's deadline the rebuild under way is
    finished and the indexes left are named in `remaining`; call again.
    A second reindex while one runs is a 409.

    Args:
        body (ReindexRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReindexReport
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReindexRequest,
) -> Response[Problem | ReindexReport]:
    """Rebuild the bloated HNSW vector indexes (scope admin; the key must be bound to *).

     Deleting memories (a namespace purge, pruning) frees rows but not the
    pages of the vector indexes. This measures every HNSW index against
    the live rows of its table and rebuilds, one at a time, those over
    twice the size a fresh build takes when that frees at least 1 MiB,
    with REINDEX INDEX CONCURRENTLY: reads and writes go on meanwhile.
    The indexes are shared by all namespaces, so the key must be bound to
    every namespace. At the request's deadline the rebuild under way is
    finished and the indexes left are named in `remaining`; call again.
    A second reindex while one runs is a 409.

    Args:
        body (ReindexRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReindexReport]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ReindexRequest,
) -> Problem | ReindexReport | None:
    """Rebuild the bloated HNSW vector indexes (scope admin; the key must be bound to *).

     Deleting memories (a namespace purge, pruning) frees rows but not the
    pages of the vector indexes. This measures every HNSW index against
    the live rows of its table and rebuilds, one at a time, those over
    twice the size a fresh build takes when that frees at least 1 MiB,
    with REINDEX INDEX CONCURRENTLY: reads and writes go on meanwhile.
    The indexes are shared by all namespaces, so the key must be bound to
    every namespace. At the request's deadline the rebuild under way is
    finished and the indexes left are named in `remaining`; call again.
    A second reindex while one runs is a 409.

    Args:
        body (ReindexRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReindexReport
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
