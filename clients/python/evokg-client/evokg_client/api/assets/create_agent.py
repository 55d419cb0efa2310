from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.expert_agent import ExpertAgent
from ...models.expert_agent_create import ExpertAgentCreate
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: ExpertAgentCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/agents".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ExpertAgent | Problem:
    if response.status_code == 201:
        response_201 = ExpertAgent.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ExpertAgent | Problem]:
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
    body: ExpertAgentCreate,
) -> Response[ExpertAgent | Problem]:
    """Create an expert agent, or the next version of its role, with the tools it can use (scope
    memory:write).

     `tools` names tools of the namespace; the agent CAN_USE the latest
    version of each at its creation (a name that is no tool is a 404
    naming /tools/i). An agent is validated, and recruited, only when
    all of those versions are validated. At /answer the agent recruited
    for a question leads the learner's system prompt and the tool_call
    arm offers only its tools.

    Args:
        ns (str):
        body (ExpertAgentCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpertAgent | Problem]
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
    body: ExpertAgentCreate,
) -> ExpertAgent | Problem | None:
    """Create an expert agent, or the next version of its role, with the tools it can use (scope
    memory:write).

     `tools` names tools of the namespace; the agent CAN_USE the latest
    version of each at its creation (a name that is no tool is a 404
    naming /tools/i). An agent is validated, and recruited, only when
    all of those versions are validated. At /answer the agent recruited
    for a question leads the learner's system prompt and the tool_call
    arm offers only its tools.

    Args:
        ns (str):
        body (ExpertAgentCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpertAgent | Problem
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
    body: ExpertAgentCreate,
) -> Response[ExpertAgent | Problem]:
    """Create an expert agent, or the next version of its role, with the tools it can use (scope
    memory:write).

     `tools` names tools of the namespace; the agent CAN_USE the latest
    version of each at its creation (a name that is no tool is a 404
    naming /tools/i). An agent is validated, and recruited, only when
    all of those versions are validated. At /answer the agent recruited
    for a question leads the learner's system prompt and the tool_call
    arm offers only its tools.

    Args:
        ns (str):
        body (ExpertAgentCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpertAgent | Problem]
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
    body: ExpertAgentCreate,
) -> ExpertAgent | Problem | None:
    """Create an expert agent, or the next version of its role, with the tools it can use (scope
    memory:write).

     `tools` names tools of the namespace; the agent CAN_USE the latest
    version of each at its creation (a name that is no tool is a 404
    naming /tools/i). An agent is validated, and recruited, only when
    all of those versions are validated. At /answer the agent recruited
    for a question leads the learner's system prompt and the tool_call
    arm offers only its tools.

    Args:
        ns (str):
        body (ExpertAgentCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpertAgent | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
