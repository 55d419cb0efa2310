from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.feedback_request import FeedbackRequest
from ...models.feedback_response import FeedbackResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    ns: str,
    id: UUID,
    *,
    body: FeedbackRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/answers/{id}/feedback".format(
            ns=quote(str(ns), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> FeedbackResponse | Problem:
    if response.status_code == 200:
        response_200 = FeedbackResponse.from_dict(response.json())

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
) -> Response[FeedbackResponse | Problem]:
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
    body: FeedbackRequest,
) -> Response[FeedbackResponse | Problem]:
    """Give the reward for an answer, applied once (scope memory:write).

     The reward reaches the bandits' arms and the task type's statistics, and credits each memory the
    answer showed with a right or a wrong answer (its utility's shown_right or shown_wrong; a reward
    below 0.5 is wrong). An active memory right clearly
    less often than its task type's answers is quarantined, and `quarantined` lists it.
    A 404 for an unknown answer; a second reward for the same answer is a 409.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FeedbackResponse | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        id=id,
        body=body,
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
    body: FeedbackRequest,
) -> FeedbackResponse | Problem | None:
    """Give the reward for an answer, applied once (scope memory:write).

     The reward reaches the bandits' arms and the task type's statistics, and credits each memory the
    answer showed with a right or a wrong answer (its utility's shown_right or shown_wrong; a reward
    below 0.5 is wrong). An active memory right clearly
    less often than its task type's answers is quarantined, and `quarantined` lists it.
    A 404 for an unknown answer; a second reward for the same answer is a 409.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FeedbackResponse | Problem
    """

    return sync_detailed(
        ns=ns,
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    ns: str,
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: FeedbackRequest,
) -> Response[FeedbackResponse | Problem]:
    """Give the reward for an answer, applied once (scope memory:write).

     The reward reaches the bandits' arms and the task type's statistics, and credits each memory the
    answer showed with a right or a wrong answer (its utility's shown_right or shown_wrong; a reward
    below 0.5 is wrong). An active memory right clearly
    less often than its task type's answers is quarantined, and `quarantined` lists it.
    A 404 for an unknown answer; a second reward for the same answer is a 409.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FeedbackResponse | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: FeedbackRequest,
) -> FeedbackResponse | Problem | None:
    """Give the reward for an answer, applied once (scope memory:write).

     The reward reaches the bandits' arms and the task type's statistics, and credits each memory the
    answer showed with a right or a wrong answer (its utility's shown_right or shown_wrong; a reward
    below 0.5 is wrong). An active memory right clearly
    less often than its task type's answers is quarantined, and `quarantined` lists it.
    A 404 for an unknown answer; a second reward for the same answer is a 409.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FeedbackResponse | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            id=id,
            client=client,
            body=body,
        )
    ).parsed
