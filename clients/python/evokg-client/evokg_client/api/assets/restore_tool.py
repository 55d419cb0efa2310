from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tool import Tool
from ...types import Response


def _get_kwargs(
    ns: str,
    name: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/tools/{name}/restore".format(
            ns=quote(str(ns), safe=""),
            name=quote(str(name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Tool:
    if response.status_code == 200:
        response_200 = Tool.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Tool]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ns: str,
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Tool]:
    """Put a retired tool back into recruitment (scope memory:write).

     A tool is retired when at least 5 of its calls were judged since it
    was last restored and at least 60% of them failed (a call is judged
    failed when it errs, or when its answer is graded wrong). Restoring
    it clears `retired_at` and counts the rule from zero again; restoring
    an active tool changes nothing. A new validated version restores a
    retired tool too.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tool]
    """

    kwargs = _get_kwargs(
        ns=ns,
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Tool | None:
    """Put a retired tool back into recruitment (scope memory:write).

     A tool is retired when at least 5 of its calls were judged since it
    was last restored and at least 60% of them failed (a call is judged
    failed when it errs, or when its answer is graded wrong). Restoring
    it clears `retired_at` and counts the rule from zero again; restoring
    an active tool changes nothing. A new validated version restores a
    retired tool too.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tool
    """

    return sync_detailed(
        ns=ns,
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    ns: str,
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Tool]:
    """Put a retired tool back into recruitment (scope memory:write).

     A tool is retired when at least 5 of its calls were judged since it
    was last restored and at least 60% of them failed (a call is judged
    failed when it errs, or when its answer is graded wrong). Restoring
    it clears `retired_at` and counts the rule from zero again; restoring
    an active tool changes nothing. A new validated version restores a
    retired tool too.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tool]
    """

    kwargs = _get_kwargs(
        ns=ns,
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Tool | None:
    """Put a retired tool back into recruitment (scope memory:write).

     A tool is retired when at least 5 of its calls were judged since it
    was last restored and at least 60% of them failed (a call is judged
    failed when it errs, or when its answer is graded wrong). Restoring
    it clears `retired_at` and counts the rule from zero again; restoring
    an active tool changes nothing. A new validated version restores a
    retired tool too.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tool
    """

    return (
        await asyncio_detailed(
            ns=ns,
            name=name,
            client=client,
        )
    ).parsed
