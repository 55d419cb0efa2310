from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_experience_utility_state import ListExperienceUtilityState
from ...models.problem import Problem
from ...models.utility_page import UtilityPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    state: ListExperienceUtilityState,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_state = state.value
    params["state"] = json_state

    params["task_type"] = task_type

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/namespaces/{ns}/experiences/utility".format(
            ns=quote(str(ns), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | UtilityPage:
    if response.status_code == 200:
        response_200 = UtilityPage.from_dict(response.json())

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
) -> Response[Problem | UtilityPage]:
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
    state: ListExperienceUtilityState,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[Problem | UtilityPage]:
    """List the memories in one state other than active, with their utility, by id with cursor pagination
    (scope memory:read).

     Probationary memories were written on probation (the writer's `probation`, or the namespace's)
    and are not served until an evolution run's probation tries them; quarantined ones were taken out
    of service by live evidence, by probation or by a client, and `reason` says which and why.
    Neither kind is in a memory pack. Active memories are not listed here.

    Args:
        ns (str):
        state (ListExperienceUtilityState):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UtilityPage]
    """

    kwargs = _get_kwargs(
        ns=ns,
        state=state,
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
    state: ListExperienceUtilityState,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Problem | UtilityPage | None:
    """List the memories in one state other than active, with their utility, by id with cursor pagination
    (scope memory:read).

     Probationary memories were written on probation (the writer's `probation`, or the namespace's)
    and are not served until an evolution run's probation tries them; quarantined ones were taken out
    of service by live evidence, by probation or by a client, and `reason` says which and why.
    Neither kind is in a memory pack. Active memories are not listed here.

    Args:
        ns (str):
        state (ListExperienceUtilityState):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UtilityPage
    """

    return sync_detailed(
        ns=ns,
        client=client,
        state=state,
        task_type=task_type,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    state: ListExperienceUtilityState,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[Problem | UtilityPage]:
    """List the memories in one state other than active, with their utility, by id with cursor pagination
    (scope memory:read).

     Probationary memories were written on probation (the writer's `probation`, or the namespace's)
    and are not served until an evolution run's probation tries them; quarantined ones were taken out
    of service by live evidence, by probation or by a client, and `reason` says which and why.
    Neither kind is in a memory pack. Active memories are not listed here.

    Args:
        ns (str):
        state (ListExperienceUtilityState):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UtilityPage]
    """

    kwargs = _get_kwargs(
        ns=ns,
        state=state,
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
    state: ListExperienceUtilityState,
    task_type: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Problem | UtilityPage | None:
    """List the memories in one state other than active, with their utility, by id with cursor pagination
    (scope memory:read).

     Probationary memories were written on probation (the writer's `probation`, or the namespace's)
    and are not served until an evolution run's probation tries them; quarantined ones were taken out
    of service by live evidence, by probation or by a client, and `reason` says which and why.
    Neither kind is in a memory pack. Active memories are not listed here.

    Args:
        ns (str):
        state (ListExperienceUtilityState):
        task_type (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UtilityPage
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            state=state,
            task_type=task_type,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
