from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.retrieve_request import RetrieveRequest
from ...models.retrieve_response import RetrieveResponse
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: RetrieveRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/retrieve".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RetrieveResponse:
    if response.status_code == 200:
        response_200 = RetrieveResponse.from_dict(response.json())

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
) -> Response[Problem | RetrieveResponse]:
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
    body: RetrieveRequest,
) -> Response[Problem | RetrieveResponse]:
    """Build a memory pack for a question (scope memory:read).

     Without an embedding the question is embedded by the model server (a 503 when it is down).
    The search bandit's best strategy for the task type builds the pack unless `strategy` forces one.
    The pack is given as `/answer` gives it to the learner: with what `/answer` adds (the cascade's
    components on the cascade arm, environment facts) and under the learner profile stored for the
    namespace and learner model (`profile`: its rendering, cap on memories and cut of each one), so
    `prompt` is what the learner reads from memory, the block or, in the turns rendering, the worked
    examples and notes. `memory_ids` are exactly the memories whose text is in `prompt`, in its
    order, and `memories` those of them the pack ranked, with their scores (a cascade recipe or
    principle is in `memory_ids` only). The prompt is cut at the server's character budget
    (`--retrieval-char-budget`): a memory cut short with "…" is listed, one it left out is not.
    `differs_from_answer` names what `/answer` would show otherwise for the same request, empty when
    it would show the same: `memory_switch_off` (the task type's memory switch is off: `/answer`
    shows no memory), `planned_signature` (the strategy matches structure and no `signature` was
    given: `/answer`'s learner plans one first, which may match other memories), `preliminary_block`
    (turns rendering: on the decompose, verify_then_answer and tool_call routing arms `/answer`'s
    preliminary call reads the block too), `not_presented` (no learner layer presents the pack: no
    profile or cascade component is applied).
    What was served (those memories, the strategy, the task type) is recorded under the response's `id`,
    so a reward posted to `/retrievals/{id}/feedback` moves the search bandit's posterior for that
    strategy.

    Args:
        ns (str):
        body (RetrieveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RetrieveResponse]
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
    body: RetrieveRequest,
) -> Problem | RetrieveResponse | None:
    """Build a memory pack for a question (scope memory:read).

     Without an embedding the question is embedded by the model server (a 503 when it is down).
    The search bandit's best strategy for the task type builds the pack unless `strategy` forces one.
    The pack is given as `/answer` gives it to the learner: with what `/answer` adds (the cascade's
    components on the cascade arm, environment facts) and under the learner profile stored for the
    namespace and learner model (`profile`: its rendering, cap on memories and cut of each one), so
    `prompt` is what the learner reads from memory, the block or, in the turns rendering, the worked
    examples and notes. `memory_ids` are exactly the memories whose text is in `prompt`, in its
    order, and `memories` those of them the pack ranked, with their scores (a cascade recipe or
    principle is in `memory_ids` only). The prompt is cut at the server's character budget
    (`--retrieval-char-budget`): a memory cut short with "…" is listed, one it left out is not.
    `differs_from_answer` names what `/answer` would show otherwise for the same request, empty when
    it would show the same: `memory_switch_off` (the task type's memory switch is off: `/answer`
    shows no memory), `planned_signature` (the strategy matches structure and no `signature` was
    given: `/answer`'s learner plans one first, which may match other memories), `preliminary_block`
    (turns rendering: on the decompose, verify_then_answer and tool_call routing arms `/answer`'s
    preliminary call reads the block too), `not_presented` (no learner layer presents the pack: no
    profile or cascade component is applied).
    What was served (those memories, the strategy, the task type) is recorded under the response's `id`,
    so a reward posted to `/retrievals/{id}/feedback` moves the search bandit's posterior for that
    strategy.

    Args:
        ns (str):
        body (RetrieveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RetrieveResponse
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
    body: RetrieveRequest,
) -> Response[Problem | RetrieveResponse]:
    """Build a memory pack for a question (scope memory:read).

     Without an embedding the question is embedded by the model server (a 503 when it is down).
    The search bandit's best strategy for the task type builds the pack unless `strategy` forces one.
    The pack is given as `/answer` gives it to the learner: with what `/answer` adds (the cascade's
    components on the cascade arm, environment facts) and under the learner profile stored for the
    namespace and learner model (`profile`: its rendering, cap on memories and cut of each one), so
    `prompt` is what the learner reads from memory, the block or, in the turns rendering, the worked
    examples and notes. `memory_ids` are exactly the memories whose text is in `prompt`, in its
    order, and `memories` those of them the pack ranked, with their scores (a cascade recipe or
    principle is in `memory_ids` only). The prompt is cut at the server's character budget
    (`--retrieval-char-budget`): a memory cut short with "…" is listed, one it left out is not.
    `differs_from_answer` names what `/answer` would show otherwise for the same request, empty when
    it would show the same: `memory_switch_off` (the task type's memory switch is off: `/answer`
    shows no memory), `planned_signature` (the strategy matches structure and no `signature` was
    given: `/answer`'s learner plans one first, which may match other memories), `preliminary_block`
    (turns rendering: on the decompose, verify_then_answer and tool_call routing arms `/answer`'s
    preliminary call reads the block too), `not_presented` (no learner layer presents the pack: no
    profile or cascade component is applied).
    What was served (those memories, the strategy, the task type) is recorded under the response's `id`,
    so a reward posted to `/retrievals/{id}/feedback` moves the search bandit's posterior for that
    strategy.

    Args:
        ns (str):
        body (RetrieveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RetrieveResponse]
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
    body: RetrieveRequest,
) -> Problem | RetrieveResponse | None:
    """Build a memory pack for a question (scope memory:read).

     Without an embedding the question is embedded by the model server (a 503 when it is down).
    The search bandit's best strategy for the task type builds the pack unless `strategy` forces one.
    The pack is given as `/answer` gives it to the learner: with what `/answer` adds (the cascade's
    components on the cascade arm, environment facts) and under the learner profile stored for the
    namespace and learner model (`profile`: its rendering, cap on memories and cut of each one), so
    `prompt` is what the learner reads from memory, the block or, in the turns rendering, the worked
    examples and notes. `memory_ids` are exactly the memories whose text is in `prompt`, in its
    order, and `memories` those of them the pack ranked, with their scores (a cascade recipe or
    principle is in `memory_ids` only). The prompt is cut at the server's character budget
    (`--retrieval-char-budget`): a memory cut short with "…" is listed, one it left out is not.
    `differs_from_answer` names what `/answer` would show otherwise for the same request, empty when
    it would show the same: `memory_switch_off` (the task type's memory switch is off: `/answer`
    shows no memory), `planned_signature` (the strategy matches structure and no `signature` was
    given: `/answer`'s learner plans one first, which may match other memories), `preliminary_block`
    (turns rendering: on the decompose, verify_then_answer and tool_call routing arms `/answer`'s
    preliminary call reads the block too), `not_presented` (no learner layer presents the pack: no
    profile or cascade component is applied).
    What was served (those memories, the strategy, the task type) is recorded under the response's `id`,
    so a reward posted to `/retrievals/{id}/feedback` moves the search bandit's posterior for that
    strategy.

    Args:
        ns (str):
        body (RetrieveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RetrieveResponse
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
