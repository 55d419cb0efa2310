from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.epoch_run import EpochRun
from ...models.epoch_run_request import EpochRunRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    body: EpochRunRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/namespaces/{ns}/epoch-runs".format(
            ns=quote(str(ns), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EpochRun | Problem:
    if response.status_code == 202:
        response_202 = EpochRun.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EpochRun | Problem]:
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
    body: EpochRunRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[EpochRun | Problem]:
    """Start a PRGII epoch run over a built-in pool (scope evolve).

     The pool's training split goes through PRGII once per epoch, memory
    growing, each item a task graded by normalized match against its
    gold answer; with frozen, the test split (test of the pool, default
    0.2) is then evaluated once with memory frozen (read, never
    written). The validation split (validation of the pool, default
    0.2 as an evolution run's) is neither trained on nor tested: an
    epoch run takes no decision by accuracy, and one would read this
    split, never the test split. The splits are disjoint by question
    and by answer-equivalence (no two items of the same task type,
    numbers and gold in two splits). validation + test at 1 or above,
    leaving nothing to train on, is a 422 on /validation. The run is a durable job (River queue
    epoch_runs; a worker
    process executes one run at a time, its tasks one after another); a
    crashed run resumes at the task it had reached. A frozen run tests
    at least one item. One run per namespace may be active
    (queued or running): a second start is a 409 whose detail names the
    active run. The same Idempotency-Key with the same body returns the
    first run (202); with another body it is a 409. Follow the run at
    the Location URL.
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
        idempotency_key (str | Unset):
        body (EpochRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EpochRun | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: EpochRunRequest,
    idempotency_key: str | Unset = UNSET,
) -> EpochRun | Problem | None:
    """Start a PRGII epoch run over a built-in pool (scope evolve).

     The pool's training split goes through PRGII once per epoch, memory
    growing, each item a task graded by normalized match against its
    gold answer; with frozen, the test split (test of the pool, default
    0.2) is then evaluated once with memory frozen (read, never
    written). The validation split (validation of the pool, default
    0.2 as an evolution run's) is neither trained on nor tested: an
    epoch run takes no decision by accuracy, and one would read this
    split, never the test split. The splits are disjoint by question
    and by answer-equivalence (no two items of the same task type,
    numbers and gold in two splits). validation + test at 1 or above,
    leaving nothing to train on, is a 422 on /validation. The run is a durable job (River queue
    epoch_runs; a worker
    process executes one run at a time, its tasks one after another); a
    crashed run resumes at the task it had reached. A frozen run tests
    at least one item. One run per namespace may be active
    (queued or running): a second start is a 409 whose detail names the
    active run. The same Idempotency-Key with the same body returns the
    first run (202); with another body it is a 409. Follow the run at
    the Location URL.
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
        idempotency_key (str | Unset):
        body (EpochRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EpochRun | Problem
    """

    return sync_detailed(
        ns=ns,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: EpochRunRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[EpochRun | Problem]:
    """Start a PRGII epoch run over a built-in pool (scope evolve).

     The pool's training split goes through PRGII once per epoch, memory
    growing, each item a task graded by normalized match against its
    gold answer; with frozen, the test split (test of the pool, default
    0.2) is then evaluated once with memory frozen (read, never
    written). The validation split (validation of the pool, default
    0.2 as an evolution run's) is neither trained on nor tested: an
    epoch run takes no decision by accuracy, and one would read this
    split, never the test split. The splits are disjoint by question
    and by answer-equivalence (no two items of the same task type,
    numbers and gold in two splits). validation + test at 1 or above,
    leaving nothing to train on, is a 422 on /validation. The run is a durable job (River queue
    epoch_runs; a worker
    process executes one run at a time, its tasks one after another); a
    crashed run resumes at the task it had reached. A frozen run tests
    at least one item. One run per namespace may be active
    (queued or running): a second start is a 409 whose detail names the
    active run. The same Idempotency-Key with the same body returns the
    first run (202); with another body it is a 409. Follow the run at
    the Location URL.
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
        idempotency_key (str | Unset):
        body (EpochRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EpochRun | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: EpochRunRequest,
    idempotency_key: str | Unset = UNSET,
) -> EpochRun | Problem | None:
    """Start a PRGII epoch run over a built-in pool (scope evolve).

     The pool's training split goes through PRGII once per epoch, memory
    growing, each item a task graded by normalized match against its
    gold answer; with frozen, the test split (test of the pool, default
    0.2) is then evaluated once with memory frozen (read, never
    written). The validation split (validation of the pool, default
    0.2 as an evolution run's) is neither trained on nor tested: an
    epoch run takes no decision by accuracy, and one would read this
    split, never the test split. The splits are disjoint by question
    and by answer-equivalence (no two items of the same task type,
    numbers and gold in two splits). validation + test at 1 or above,
    leaving nothing to train on, is a 422 on /validation. The run is a durable job (River queue
    epoch_runs; a worker
    process executes one run at a time, its tasks one after another); a
    crashed run resumes at the task it had reached. A frozen run tests
    at least one item. One run per namespace may be active
    (queued or running): a second start is a 409 whose detail names the
    active run. The same Idempotency-Key with the same body returns the
    first run (202); with another body it is a 409. Follow the run at
    the Location URL.
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
        idempotency_key (str | Unset):
        body (EpochRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EpochRun | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
