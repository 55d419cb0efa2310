from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.answer_request import AnswerRequest
from ...models.answer_response import AnswerResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: AnswerRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/answer".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AnswerResponse | Problem:
    if response.status_code == 200:
        response_200 = AnswerResponse.from_dict(response.json())

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
) -> Response[AnswerResponse | Problem]:
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
    body: AnswerRequest,
) -> Response[AnswerResponse | Problem]:
    """Answer with the learner and memory; zero teacher-model calls (scope memory:read).

     A 404 when the skill given does not exist; a 503 when the model server is down.

    Args:
        ns (str):
        body (AnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnswerResponse | Problem]
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
    body: AnswerRequest,
) -> AnswerResponse | Problem | None:
    """Answer with the learner and memory; zero teacher-model calls (scope memory:read).

     A 404 when the skill given does not exist; a 503 when the model server is down.

    Args:
        ns (str):
        body (AnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnswerResponse | Problem
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
    body: AnswerRequest,
) -> Response[AnswerResponse | Problem]:
    """Answer with the learner and memory; zero teacher-model calls (scope memory:read).

     A 404 when the skill given does not exist; a 503 when the model server is down.

    Args:
        ns (str):
        body (AnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnswerResponse | Problem]
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
    body: AnswerRequest,
) -> AnswerResponse | Problem | None:
    """Answer with the learner and memory; zero teacher-model calls (scope memory:read).

     A 404 when the skill given does not exist; a 503 when the model server is down.

    Args:
        ns (str):
        body (AnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnswerResponse | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
