from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.evolution_run import EvolutionRun
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    ns: str,
    id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/evolution-runs/{id}/cancel".format(
            ns=quote(str(ns), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EvolutionRun | Problem:
    if response.status_code == 200:
        response_200 = EvolutionRun.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[EvolutionRun | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ns: str,
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[EvolutionRun | Problem]:
    """Cancel a run (scope evolve).

     A 409 when the run has already ended.

    Args:
        ns (str):
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EvolutionRun | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> EvolutionRun | Problem | None:
    """Cancel a run (scope evolve).

     A 409 when the run has already ended.

    Args:
        ns (str):
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EvolutionRun | Problem
    """

    return sync_detailed(
        ns=ns,
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    ns: str,
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[EvolutionRun | Problem]:
    """Cancel a run (scope evolve).

     A 409 when the run has already ended.

    Args:
        ns (str):
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EvolutionRun | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> EvolutionRun | Problem | None:
    """Cancel a run (scope evolve).

     A 409 when the run has already ended.

    Args:
        ns (str):
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EvolutionRun | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            id=id,
            client=client,
        )
    ).parsed
