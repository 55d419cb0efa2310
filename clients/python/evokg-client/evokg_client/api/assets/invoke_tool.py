from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tool_invocation import ToolInvocation
from ...models.tool_output import ToolOutput
from ...types import Response


def _get_kwargs(
    ns: str,
    name: str,
    *,
    body: ToolInvocation,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/tools/{name}/invoke".format(
            ns=quote(str(ns), safe=""),
            name=quote(str(name), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ToolOutput:
    if response.status_code == 200:
        response_200 = ToolOutput.from_dict(response.json())

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
) -> Response[Problem | ToolOutput]:
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
    body: ToolInvocation,
) -> Response[Problem | ToolOutput]:
    """Run the latest version of a tool on an input in the sandbox (scope memory:read).

     Only a validated version runs: when the latest version of the tool
    is not validated the answer is a 409 whose detail gives the
    validation record's reason.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls
        body (ToolInvocation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolOutput]
    """

    kwargs = _get_kwargs(
        ns=ns,
        name=name,
        body=body,
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
    body: ToolInvocation,
) -> Problem | ToolOutput | None:
    """Run the latest version of a tool on an input in the sandbox (scope memory:read).

     Only a validated version runs: when the latest version of the tool
    is not validated the answer is a 409 whose detail gives the
    validation record's reason.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls
        body (ToolInvocation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolOutput
    """

    return sync_detailed(
        ns=ns,
        name=name,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    ns: str,
    name: str,
    *,
    client: AuthenticatedClient | Client,
    body: ToolInvocation,
) -> Response[Problem | ToolOutput]:
    """Run the latest version of a tool on an input in the sandbox (scope memory:read).

     Only a validated version runs: when the latest version of the tool
    is not validated the answer is a 409 whose detail gives the
    validation record's reason.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls
        body (ToolInvocation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolOutput]
    """

    kwargs = _get_kwargs(
        ns=ns,
        name=name,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    name: str,
    *,
    client: AuthenticatedClient | Client,
    body: ToolInvocation,
) -> Problem | ToolOutput | None:
    """Run the latest version of a tool on an input in the sandbox (scope memory:read).

     Only a validated version runs: when the latest version of the tool
    is not validated the answer is a 409 whose detail gives the
    validation record's reason.

    Args:
        ns (str):
        name (str): a tool name, usable as a function name in model tool calls
        body (ToolInvocation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolOutput
    """

    return (
        await asyncio_detailed(
            ns=ns,
            name=name,
            client=client,
            body=body,
        )
    ).parsed
