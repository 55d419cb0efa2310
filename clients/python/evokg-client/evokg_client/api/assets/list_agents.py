from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_agents_response_200 import ListAgentsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    query: str | Unset = UNSET,
    k: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["query"] = query

    params["k"] = k

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/namespaces/{ns}/agents".format(
            ns=quote(str(ns), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListAgentsResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListAgentsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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
) -> Response[ListAgentsResponse200 | Problem]:
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
    query: str | Unset = UNSET,
    k: int | Unset = UNSET,
) -> Response[ListAgentsResponse200 | Problem]:
    """The latest version of every expert agent, or with query the agents recruited for it (scope
    memory:read).

    Args:
        ns (str):
        query (str | Unset):
        k (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAgentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        query=query,
        k=k,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    query: str | Unset = UNSET,
    k: int | Unset = UNSET,
) -> ListAgentsResponse200 | Problem | None:
    """The latest version of every expert agent, or with query the agents recruited for it (scope
    memory:read).

    Args:
        ns (str):
        query (str | Unset):
        k (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAgentsResponse200 | Problem
    """

    return sync_detailed(
        ns=ns,
        client=client,
        query=query,
        k=k,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    query: str | Unset = UNSET,
    k: int | Unset = UNSET,
) -> Response[ListAgentsResponse200 | Problem]:
    """The latest version of every expert agent, or with query the agents recruited for it (scope
    memory:read).

    Args:
        ns (str):
        query (str | Unset):
        k (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAgentsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        query=query,
        k=k,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    query: str | Unset = UNSET,
    k: int | Unset = UNSET,
) -> ListAgentsResponse200 | Problem | None:
    """The latest version of every expert agent, or with query the agents recruited for it (scope
    memory:read).

    Args:
        ns (str):
        query (str | Unset):
        k (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAgentsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            query=query,
            k=k,
        )
    ).parsed
