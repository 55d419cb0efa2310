from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_experiences_response_200 import ListExperiencesResponse200
from ...models.outcome import Outcome
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    outcome: Outcome | Unset = UNSET,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_outcome: str | Unset = UNSET
    if not isinstance(outcome, Unset):
        json_outcome = outcome.value

    params["outcome"] = json_outcome

    params["task_type"] = task_type

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/namespaces/{ns}/experiences".format(
            ns=quote(str(ns), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListExperiencesResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListExperiencesResponse200.from_dict(response.json())

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
) -> Response[ListExperiencesResponse200 | Problem]:
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
    outcome: Outcome | Unset = UNSET,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[ListExperiencesResponse200 | Problem]:
    """List experiences, newest id last, with cursor pagination (scope memory:read).

    Args:
        ns (str):
        outcome (Outcome | Unset):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListExperiencesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        outcome=outcome,
        task_type=task_type,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    outcome: Outcome | Unset = UNSET,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> ListExperiencesResponse200 | Problem | None:
    """List experiences, newest id last, with cursor pagination (scope memory:read).

    Args:
        ns (str):
        outcome (Outcome | Unset):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListExperiencesResponse200 | Problem
    """

    return sync_detailed(
        ns=ns,
        client=client,
        outcome=outcome,
        task_type=task_type,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    outcome: Outcome | Unset = UNSET,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[ListExperiencesResponse200 | Problem]:
    """List experiences, newest id last, with cursor pagination (scope memory:read).

    Args:
        ns (str):
        outcome (Outcome | Unset):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListExperiencesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        outcome=outcome,
        task_type=task_type,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    outcome: Outcome | Unset = UNSET,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> ListExperiencesResponse200 | Problem | None:
    """List experiences, newest id last, with cursor pagination (scope memory:read).

    Args:
        ns (str):
        outcome (Outcome | Unset):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListExperiencesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            outcome=outcome,
            task_type=task_type,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
