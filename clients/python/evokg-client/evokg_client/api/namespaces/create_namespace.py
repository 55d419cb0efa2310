from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.namespace import Namespace
from ...models.namespace_create import NamespaceCreate
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: NamespaceCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Namespace | Problem:
    if response.status_code == 201:
        response_201 = Namespace.from_dict(response.json())

        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Namespace | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: NamespaceCreate,
) -> Response[Namespace | Problem]:
    """Create a namespace (scope admin; the key must be bound to it or to *).

     The key that creates the namespace is recorded as its tenant: the
    active background runs of every namespace one key created count
    together against EVOKG_ACTIVE_RUNS_PER_TENANT (default 8), whoever
    starts them.

    Args:
        body (NamespaceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Namespace | Problem]
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
    body: NamespaceCreate,
) -> Namespace | Problem | None:
    """Create a namespace (scope admin; the key must be bound to it or to *).

     The key that creates the namespace is recorded as its tenant: the
    active background runs of every namespace one key created count
    together against EVOKG_ACTIVE_RUNS_PER_TENANT (default 8), whoever
    starts them.

    Args:
        body (NamespaceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Namespace | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: NamespaceCreate,
) -> Response[Namespace | Problem]:
    """Create a namespace (scope admin; the key must be bound to it or to *).

     The key that creates the namespace is recorded as its tenant: the
    active background runs of every namespace one key created count
    together against EVOKG_ACTIVE_RUNS_PER_TENANT (default 8), whoever
    starts them.

    Args:
        body (NamespaceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Namespace | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: NamespaceCreate,
) -> Namespace | Problem | None:
    """Create a namespace (scope admin; the key must be bound to it or to *).

     The key that creates the namespace is recorded as its tenant: the
    active background runs of every namespace one key created count
    together against EVOKG_ACTIVE_RUNS_PER_TENANT (default 8), whoever
    starts them.

    Args:
        body (NamespaceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Namespace | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
