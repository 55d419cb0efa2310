from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.evolution_run import EvolutionRun
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    ns: str,
    *,
    body: Any,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/evolution-runs".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EvolutionRun | Problem:
    if response.status_code == 202:
        response_202 = EvolutionRun.from_dict(response.json())

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
) -> Response[EvolutionRun | Problem]:
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
    body: Any,
) -> Response[EvolutionRun | Problem]:
    """Start a MAGE evolution run (scope evolve).

     One run per namespace may be active (queued or running): a second
    start is a 409 whose detail names the active run. The database
    enforces it, so replicas racing to start one cannot both succeed.
    The caps on iterations and questions (EVOKG_EVOLUTION_MAX_ITERATIONS,
    default 50, and EVOKG_EVOLUTION_MAX_POOL_SIZE, default 1000, held-out
    included) are this document's maxima for iterations, generator.size
    and pool as served; a run over one is a 422 whose errors[].pointer
    names /iterations, /generator/size or /pool and whose detail gives
    the cap. A worker process executes at most
    EVOKG_EVOLUTION_RUNS_PER_WORKER runs at once (default 1); the others
    wait queued.
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
        body (Any): Either inline pool items or a built-in generator, exactly one of them.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EvolutionRun | Problem]
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
    body: Any,
) -> EvolutionRun | Problem | None:
    """Start a MAGE evolution run (scope evolve).

     One run per namespace may be active (queued or running): a second
    start is a 409 whose detail names the active run. The database
    enforces it, so replicas racing to start one cannot both succeed.
    The caps on iterations and questions (EVOKG_EVOLUTION_MAX_ITERATIONS,
    default 50, and EVOKG_EVOLUTION_MAX_POOL_SIZE, default 1000, held-out
    included) are this document's maxima for iterations, generator.size
    and pool as served; a run over one is a 422 whose errors[].pointer
    names /iterations, /generator/size or /pool and whose detail gives
    the cap. A worker process executes at most
    EVOKG_EVOLUTION_RUNS_PER_WORKER runs at once (default 1); the others
    wait queued.
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
        body (Any): Either inline pool items or a built-in generator, exactly one of them.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EvolutionRun | Problem
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
    body: Any,
) -> Response[EvolutionRun | Problem]:
    """Start a MAGE evolution run (scope evolve).

     One run per namespace may be active (queued or running): a second
    start is a 409 whose detail names the active run. The database
    enforces it, so replicas racing to start one cannot both succeed.
    The caps on iterations and questions (EVOKG_EVOLUTION_MAX_ITERATIONS,
    default 50, and EVOKG_EVOLUTION_MAX_POOL_SIZE, default 1000, held-out
    included) are this document's maxima for iterations, generator.size
    and pool as served; a run over one is a 422 whose errors[].pointer
    names /iterations, /generator/size or /pool and whose detail gives
    the cap. A worker process executes at most
    EVOKG_EVOLUTION_RUNS_PER_WORKER runs at once (default 1); the others
    wait queued.
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
        body (Any): Either inline pool items or a built-in generator, exactly one of them.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EvolutionRun | Problem]
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
    body: Any,
) -> EvolutionRun | Problem | None:
    """Start a MAGE evolution run (scope evolve).

     One run per namespace may be active (queued or running): a second
    start is a 409 whose detail names the active run. The database
    enforces it, so replicas racing to start one cannot both succeed.
    The caps on iterations and questions (EVOKG_EVOLUTION_MAX_ITERATIONS,
    default 50, and EVOKG_EVOLUTION_MAX_POOL_SIZE, default 1000, held-out
    included) are this document's maxima for iterations, generator.size
    and pool as served; a run over one is a 422 whose errors[].pointer
    names /iterations, /generator/size or /pool and whose detail gives
    the cap. A worker process executes at most
    EVOKG_EVOLUTION_RUNS_PER_WORKER runs at once (default 1); the others
    wait queued.
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
        body (Any): Either inline pool items or a built-in generator, exactly one of them.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EvolutionRun | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
        )
    ).parsed
