from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tool import Tool
from ...models.tool_create import ToolCreate
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: ToolCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/tools".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Tool:
    if response.status_code == 201:
        response_201 = Tool.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Tool]:
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
    body: ToolCreate,
) -> Response[Problem | Tool]:
    """Create a tool, or the next version of its name, validated by its tests in the sandbox (scope
    memory:write).

     A tool is Starlark code defining `def run(input):` that returns a
    JSON value. Every test runs in the sandbox (a child process; limits:
    4,000,000 Starlark steps, 2 s, 256 MiB of address space, 64 KiB of
    output; no file, network, clock, randomness or environment; `load`
    only of json.star and math.star; no recursion). The answer is the
    stored version with its validation record: `validated` is true only
    if every test ran and passed (a tool without tests is never
    validated); otherwise `validation.reason` says why. A second POST of
    the same name stores version 2, and so on. `skill` draws HAS_TOOL
    from that skill, `created_from` CREATED_FROM those experiences; a
    skill or experience that does not exist is a 404 naming the member.

    Args:
        ns (str):
        body (ToolCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tool]
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
    body: ToolCreate,
) -> Problem | Tool | None:
    """Create a tool, or the next version of its name, validated by its tests in the sandbox (scope
    memory:write).

     A tool is Starlark code defining `def run(input):` that returns a
    JSON value. Every test runs in the sandbox (a child process; limits:
    4,000,000 Starlark steps, 2 s, 256 MiB of address space, 64 KiB of
    output; no file, network, clock, randomness or environment; `load`
    only of json.star and math.star; no recursion). The answer is the
    stored version with its validation record: `validated` is true only
    if every test ran and passed (a tool without tests is never
    validated); otherwise `validation.reason` says why. A second POST of
    the same name stores version 2, and so on. `skill` draws HAS_TOOL
    from that skill, `created_from` CREATED_FROM those experiences; a
    skill or experience that does not exist is a 404 naming the member.

    Args:
        ns (str):
        body (ToolCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tool
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
    body: ToolCreate,
) -> Response[Problem | Tool]:
    """Create a tool, or the next version of its name, validated by its tests in the sandbox (scope
    memory:write).

     A tool is Starlark code defining `def run(input):` that returns a
    JSON value. Every test runs in the sandbox (a child process; limits:
    4,000,000 Starlark steps, 2 s, 256 MiB of address space, 64 KiB of
    output; no file, network, clock, randomness or environment; `load`
    only of json.star and math.star; no recursion). The answer is the
    stored version with its validation record: `validated` is true only
    if every test ran and passed (a tool without tests is never
    validated); otherwise `validation.reason` says why. A second POST of
    the same name stores version 2, and so on. `skill` draws HAS_TOOL
    from that skill, `created_from` CREATED_FROM those experiences; a
    skill or experience that does not exist is a 404 naming the member.

    Args:
        ns (str):
        body (ToolCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tool]
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
    body: ToolCreate,
) -> Problem | Tool | None:
    """Create a tool, or the next version of its name, validated by its tests in the sandbox (scope
    memory:write).

     A tool is Starlark code defining `def run(input):` that returns a
    JSON value. Every test runs in the sandbox (a child process; limits:
    4,000,000 Starlark steps, 2 s, 256 MiB of address space, 64 KiB of
    output; no file, network, clock, randomness or environment; `load`
    only of json.star and math.star; no recursion). The answer is the
    stored version with its validation record: `validated` is true only
    if every test ran and passed (a tool without tests is never
    validated); otherwise `validation.reason` says why. A second POST of
    the same name stores version 2, and so on. `skill` draws HAS_TOOL
    from that skill, `created_from` CREATED_FROM those experiences; a
    skill or experience that does not exist is a 404 naming the member.

    Args:
        ns (str):
        body (ToolCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tool
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
