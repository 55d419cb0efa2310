from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.task import Task
from ...models.task_request import TaskRequest
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: TaskRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/tasks".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Task:
    if response.status_code == 202:
        response_202 = Task.from_dict(response.json())

        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Task]:
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
    body: TaskRequest,
) -> Response[Problem | Task]:
    """Run a task through PRGII as a background job (scope memory:write).

     Plan (the learner model extracts the goal, entities and signature),
    Retrieve (P+ top 3 and P− top 2 with their error registries and
    patches), Generate (the learner model only) and Iterate (up to
    max_iterations attempts checked by the validator, with stuck-loop
    detection and divergent guidance), then Ingest: the passing attempt is
    committed as a success memory, a failed first attempt as a failure
    memory with its error registry, both through the quality gate. The
    validator's kind decides J when max_iterations is 0 or absent: 3 for
    code, 10 otherwise. A webhook validator may call only the hosts of the
    operator's allow-list (EVOKG_WEBHOOK_HOSTS); the served document's url
    pattern states them, and without any the webhook kind is not offered.
    Follow the task at the Location URL.
    Background work is bounded across namespaces: an API key may have
    at most EVOKG_ACTIVE_RUNS_PER_KEY (default 4) active (queued or
    running) evolution runs, epoch runs and tasks it started, and the
    namespaces of one tenant (the API key that created them with POST
    /v1/namespaces; a namespace no key created is a tenant of its own)
    at most EVOKG_ACTIVE_RUNS_PER_TENANT (default 8). A start over
    either is a 429 with code "quota" whose detail names the bound, the
    count and the limit, and a Retry-After of 30 seconds; a run that
    ends, or is cancelled, frees its slot.

    Args:
        ns (str):
        body (TaskRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Task]
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
    body: TaskRequest,
) -> Problem | Task | None:
    """Run a task through PRGII as a background job (scope memory:write).

     Plan (the learner model extracts the goal, entities and signature),
    Retrieve (P+ top 3 and P− top 2 with their error registries and
    patches), Generate (the learner model only) and Iterate (up to
    max_iterations attempts checked by the validator, with stuck-loop
    detection and divergent guidance), then Ingest: the passing attempt is
    committed as a success memory, a failed first attempt as a failure
    memory with its error registry, both through the quality gate. The
    validator's kind decides J when max_iterations is 0 or absent: 3 for
    code, 10 otherwise. A webhook validator may call only the hosts of the
    operator's allow-list (EVOKG_WEBHOOK_HOSTS); the served document's url
    pattern states them, and without any the webhook kind is not offered.
    Follow the task at the Location URL.
    Background work is bounded across namespaces: an API key may have
    at most EVOKG_ACTIVE_RUNS_PER_KEY (default 4) active (queued or
    running) evolution runs, epoch runs and tasks it started, and the
    namespaces of one tenant (the API key that created them with POST
    /v1/namespaces; a namespace no key created is a tenant of its own)
    at most EVOKG_ACTIVE_RUNS_PER_TENANT (default 8). A start over
    either is a 429 with code "quota" whose detail names the bound, the
    count and the limit, and a Retry-After of 30 seconds; a run that
    ends, or is cancelled, frees its slot.

    Args:
        ns (str):
        body (TaskRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Task
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
    body: TaskRequest,
) -> Response[Problem | Task]:
    """Run a task through PRGII as a background job (scope memory:write).

     Plan (the learner model extracts the goal, entities and signature),
    Retrieve (P+ top 3 and P− top 2 with their error registries and
    patches), Generate (the learner model only) and Iterate (up to
    max_iterations attempts checked by the validator, with stuck-loop
    detection and divergent guidance), then Ingest: the passing attempt is
    committed as a success memory, a failed first attempt as a failure
    memory with its error registry, both through the quality gate. The
    validator's kind decides J when max_iterations is 0 or absent: 3 for
    code, 10 otherwise. A webhook validator may call only the hosts of the
    operator's allow-list (EVOKG_WEBHOOK_HOSTS); the served document's url
    pattern states them, and without any the webhook kind is not offered.
    Follow the task at the Location URL.
    Background work is bounded across namespaces: an API key may have
    at most EVOKG_ACTIVE_RUNS_PER_KEY (default 4) active (queued or
    running) evolution runs, epoch runs and tasks it started, and the
    namespaces of one tenant (the API key that created them with POST
    /v1/namespaces; a namespace no key created is a tenant of its own)
    at most EVOKG_ACTIVE_RUNS_PER_TENANT (default 8). A start over
    either is a 429 with code "quota" whose detail names the bound, the
    count and the limit, and a Retry-After of 30 seconds; a run that
    ends, or is cancelled, frees its slot.

    Args:
        ns (str):
        body (TaskRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Task]
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
    body: TaskRequest,
) -> Problem | Task | None:
    """Run a task through PRGII as a background job (scope memory:write).

     Plan (the learner model extracts the goal, entities and signature),
    Retrieve (P+ top 3 and P− top 2 with their error registries and
    patches), Generate (the learner model only) and Iterate (up to
    max_iterations attempts checked by the validator, with stuck-loop
    detection and divergent guidance), then Ingest: the passing attempt is
    committed as a success memory, a failed first attempt as a failure
    memory with its error registry, both through the quality gate. The
    validator's kind decides J when max_iterations is 0 or absent: 3 for
    code, 10 otherwise. A webhook validator may call only the hosts of the
    operator's allow-list (EVOKG_WEBHOOK_HOSTS); the served document's url
    pattern states them, and without any the webhook kind is not offered.
    Follow the task at the Location URL.
    Background work is bounded across namespaces: an API key may have
    at most EVOKG_ACTIVE_RUNS_PER_KEY (default 4) active (queued or
    running) evolution runs, epoch runs and tasks it started, and the
    namespaces of one tenant (the API key that created them with POST
    /v1/namespaces; a namespace no key created is a tenant of its own)
    at most EVOKG_ACTIVE_RUNS_PER_TENANT (default 8). A start over
    either is a 429 with code "quota" whose detail names the bound, the
    count and the limit, and a Retry-After of 30 seconds; a run that
    ends, or is cancelled, frees its slot.

    Args:
        ns (str):
        body (TaskRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Task
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
