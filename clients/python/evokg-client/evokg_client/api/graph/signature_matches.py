from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.signature_match_request import SignatureMatchRequest
from ...models.signature_matches_response_200 import SignatureMatchesResponse200
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: SignatureMatchRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/graph/signature-matches".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SignatureMatchesResponse200:
    if response.status_code == 200:
        response_200 = SignatureMatchesResponse200.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | SignatureMatchesResponse200]:
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
    body: SignatureMatchRequest,
) -> Response[Problem | SignatureMatchesResponse200]:
    """Served (active) experiences whose structural signature matches (sim_σ ≥ threshold) (scope
    memory:read).

    Args:
        ns (str):
        body (SignatureMatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SignatureMatchesResponse200]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: SignatureMatchRequest,
) -> Problem | SignatureMatchesResponse200 | None:
    """Served (active) experiences whose structural signature matches (sim_σ ≥ threshold) (scope
    memory:read).

    Args:
        ns (str):
        body (SignatureMatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SignatureMatchesResponse200
    """

    return sync_detailed(
        ns=ns,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: SignatureMatchRequest,
) -> Response[Problem | SignatureMatchesResponse200]:
    """Served (active) experiences whose structural signature matches (sim_σ ≥ threshold) (scope
    memory:read).

    Args:
        ns (str):
        body (SignatureMatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SignatureMatchesResponse200]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: SignatureMatchRequest,
) -> Problem | SignatureMatchesResponse200 | None:
    """Served (active) experiences whose structural signature matches (sim_σ ≥ threshold) (scope
    memory:read).

    Args:
        ns (str):
        body (SignatureMatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SignatureMatchesResponse200
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
