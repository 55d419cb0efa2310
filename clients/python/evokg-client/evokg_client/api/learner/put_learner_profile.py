from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.learner_profile import LearnerProfile
from ...models.learner_profile_state import LearnerProfileState
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ns: str,
    *,
    body: LearnerProfile,
    model: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["model"] = model

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/namespaces/{ns}/learner-profile".format(
            ns=quote(str(ns), safe=""),
        ),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LearnerProfileState | Problem:
    if response.status_code == 200:
        response_200 = LearnerProfileState.from_dict(response.json())

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
) -> Response[LearnerProfileState | Problem]:
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
    body: LearnerProfile,
    model: str | Unset = UNSET,
) -> Response[LearnerProfileState | Problem]:
    """Set the learner profile of a model by hand (scope evolve).

     Stores the profile for the model, replacing the stored one and its calibration; every later
    answer of the namespace by that model is given memory under it. A render other than block or
    turns, memories outside 0..20 and item_chars other than 0 or 80..4000 are a 422 naming the field.

    Args:
        ns (str):
        model (str | Unset):
        body (LearnerProfile): how a learner model is given memory and asked to answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LearnerProfileState | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
        model=model,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: LearnerProfile,
    model: str | Unset = UNSET,
) -> LearnerProfileState | Problem | None:
    """Set the learner profile of a model by hand (scope evolve).

     Stores the profile for the model, replacing the stored one and its calibration; every later
    answer of the namespace by that model is given memory under it. A render other than block or
    turns, memories outside 0..20 and item_chars other than 0 or 80..4000 are a 422 naming the field.

    Args:
        ns (str):
        model (str | Unset):
        body (LearnerProfile): how a learner model is given memory and asked to answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LearnerProfileState | Problem
    """

    return sync_detailed(
        ns=ns,
        client=client,
        body=body,
        model=model,
    ).parsed


async def asyncio_detailed(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: LearnerProfile,
    model: str | Unset = UNSET,
) -> Response[LearnerProfileState | Problem]:
    """Set the learner profile of a model by hand (scope evolve).

     Stores the profile for the model, replacing the stored one and its calibration; every later
    answer of the namespace by that model is given memory under it. A render other than block or
    turns, memories outside 0..20 and item_chars other than 0 or 80..4000 are a 422 naming the field.

    Args:
        ns (str):
        model (str | Unset):
        body (LearnerProfile): how a learner model is given memory and asked to answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LearnerProfileState | Problem]
    """

    kwargs = _get_kwargs(
        ns=ns,
        body=body,
        model=model,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ns: str,
    *,
    client: AuthenticatedClient | Client,
    body: LearnerProfile,
    model: str | Unset = UNSET,
) -> LearnerProfileState | Problem | None:
    """Set the learner profile of a model by hand (scope evolve).

     Stores the profile for the model, replacing the stored one and its calibration; every later
    answer of the namespace by that model is given memory under it. A render other than block or
    turns, memories outside 0..20 and item_chars other than 0 or 80..4000 are a 422 naming the field.

    Args:
        ns (str):
        model (str | Unset):
        body (LearnerProfile): how a learner model is given memory and asked to answer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LearnerProfileState | Problem
    """

    return (
        await asyncio_detailed(
            ns=ns,
            client=client,
            body=body,
            model=model,
        )
    ).parsed
