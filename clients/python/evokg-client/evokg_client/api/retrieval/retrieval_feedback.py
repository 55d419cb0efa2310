from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.feedback_request import FeedbackRequest
from ...models.problem import Problem
from ...models.retrieval_feedback_response import RetrievalFeedbackResponse
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
        "url": "/v1/namespaces/{ns}/retrievals/{id}/feedback".format(
            ns=quote(str(ns), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RetrievalFeedbackResponse:
    if response.status_code == 200:
        response_200 = RetrievalFeedbackResponse.from_dict(response.json())

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
) -> Response[Problem | RetrievalFeedbackResponse]:
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
) -> Response[Problem | RetrievalFeedbackResponse]:
    """Give the reward for a retrieval, applied once to the search arm that built its pack (scope
    memory:write).

     The reward r moves the search bandit's Beta posterior of the retrieval's strategy for its task type
    (α += r, β += 1 − r). A 404 for an unknown retrieval; a second reward for the same retrieval is a
    409 and changes nothing.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RetrievalFeedbackResponse]
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
) -> Problem | RetrievalFeedbackResponse | None:
    """Give the reward for a retrieval, applied once to the search arm that built its pack (scope
    memory:write).

     The reward r moves the search bandit's Beta posterior of the retrieval's strategy for its task type
    (α += r, β += 1 − r). A 404 for an unknown retrieval; a second reward for the same retrieval is a
    409 and changes nothing.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RetrievalFeedbackResponse
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
) -> Response[Problem | RetrievalFeedbackResponse]:
    """Give the reward for a retrieval, applied once to the search arm that built its pack (scope
    memory:write).

     The reward r moves the search bandit's Beta posterior of the retrieval's strategy for its task type
    (α += r, β += 1 − r). A 404 for an unknown retrieval; a second reward for the same retrieval is a
    409 and changes nothing.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RetrievalFeedbackResponse]
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
) -> Problem | RetrievalFeedbackResponse | None:
    """Give the reward for a retrieval, applied once to the search arm that built its pack (scope
    memory:write).

     The reward r moves the search bandit's Beta posterior of the retrieval's strategy for its task type
    (α += r, β += 1 − r). A 404 for an unknown retrieval; a second reward for the same retrieval is a
    409 and changes nothing.

    Args:
        ns (str):
        id (UUID):
        body (FeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RetrievalFeedbackResponse
    """

    return (
        await asyncio_detailed(
            ns=ns,
            id=id,
            client=client,
            body=body,
        )
    ).parsed
