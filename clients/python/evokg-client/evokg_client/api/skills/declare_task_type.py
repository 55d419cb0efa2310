from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.task_type import TaskType
from ...models.task_type_declaration import TaskTypeDeclaration
from ...types import Response


def _get_kwargs(
    ns: str,
    name: str,
    *,
    body: TaskTypeDeclaration,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/namespaces/{ns}/task-types/{name}".format(
            ns=quote(str(ns), safe=""),
            name=quote(str(name), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | TaskType:
    if response.status_code == 200:
        response_200 = TaskType.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | TaskType]:
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
    body: TaskTypeDeclaration,
) -> Response[Problem | TaskType]:
    """Declare how a task type's questions are answered and checked (scope memory:write).

     Creates the task type, or sets its answer mode and, when a description is given, its
    description (an absent or empty one keeps the one it has). The mode decides what the learner
    is asked to reply, under the matching JSON schema: text (a string), number (a JSON number),
    choice (exactly one of choices) or expression (an arithmetic expression the built-in
    calculator evaluates: the answer is its value, and /answer returns the expression as well).
    A task type never declared is answered in text. A mode outside the four, choices with a mode
    other than choice (or none with choice), fewer than 2 or more than 50 choices, and a choice
    that is empty, blank, over 200 characters or repeated are a 422 naming the field
    (errors[].pointer: /answer/mode, /answer, /answer/choices or /answer/choices/{i}).

    A checker, when given, is the task type's rule check (absent removes the one it has): a
    pattern (RE2) whose capture groups are an expression's operands, and Starlark code run in the
    tool sandbox defining run(operands), which returns the rule's value for the captured operands
    (a list of strings) as a number, or None when it cannot tell. The write gate of every later
    evolution run in the namespace refuses a text stating a value for an expression the pattern
    matches when none of the values it states is the checker's, and the run refuses a pool item of
    the task type whose gold answer is not the checker's value for its question. No task type has
    a checker unless declared, built-in pools included. The checker is refused with a 422 naming
    the field when the pattern is empty, over 1000 bytes, does not compile, has no capture group
    or matches an empty text (/checker/pattern); when the code is empty or over 16384 bytes, does
    not parse, defines no run(operands), fails, runs over the sandbox's limits or returns anything
    but a number or None on the example's operands (/checker/code); when the example is empty,
    over 1000 bytes, has no match of the pattern, states a value other than the checker's for an
    expression, or states none the checker gives (/checker/example). A 503 says the sandbox could
    not run the code at all.

    Args:
        ns (str):
        name (str):
        body (TaskTypeDeclaration):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TaskType]
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
    body: TaskTypeDeclaration,
) -> Problem | TaskType | None:
    """Declare how a task type's questions are answered and checked (scope memory:write).

     Creates the task type, or sets its answer mode and, when a description is given, its
    description (an absent or empty one keeps the one it has). The mode decides what the learner
    is asked to reply, under the matching JSON schema: text (a string), number (a JSON number),
    choice (exactly one of choices) or expression (an arithmetic expression the built-in
    calculator evaluates: the answer is its value, and /answer returns the expression as well).
    A task type never declared is answered in text. A mode outside the four, choices with a mode
    other than choice (or none with choice), fewer than 2 or more than 50 choices, and a choice
    that is empty, blank, over 200 characters or repeated are a 422 naming the field
    (errors[].pointer: /answer/mode, /answer, /answer/choices or /answer/choices/{i}).

    A checker, when given, is the task type's rule check (absent removes the one it has): a
    pattern (RE2) whose capture groups are an expression's operands, and Starlark code run in the
    tool sandbox defining run(operands), which returns the rule's value for the captured operands
    (a list of strings) as a number, or None when it cannot tell. The write gate of every later
    evolution run in the namespace refuses a text stating a value for an expression the pattern
    matches when none of the values it states is the checker's, and the run refuses a pool item of
    the task type whose gold answer is not the checker's value for its question. No task type has
    a checker unless declared, built-in pools included. The checker is refused with a 422 naming
    the field when the pattern is empty, over 1000 bytes, does not compile, has no capture group
    or matches an empty text (/checker/pattern); when the code is empty or over 16384 bytes, does
    not parse, defines no run(operands), fails, runs over the sandbox's limits or returns anything
    but a number or None on the example's operands (/checker/code); when the example is empty,
    over 1000 bytes, has no match of the pattern, states a value other than the checker's for an
    expression, or states none the checker gives (/checker/example). A 503 says the sandbox could
    not run the code at all.

    Args:
        ns (str):
        name (str):
        body (TaskTypeDeclaration):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TaskType
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
    body: TaskTypeDeclaration,
) -> Response[Problem | TaskType]:
    """Declare how a task type's questions are answered and checked (scope memory:write).

     Creates the task type, or sets its answer mode and, when a description is given, its
    description (an absent or empty one keeps the one it has). The mode decides what the learner
    is asked to reply, under the matching JSON schema: text (a string), number (a JSON number),
    choice (exactly one of choices) or expression (an arithmetic expression the built-in
    calculator evaluates: the answer is its value, and /answer returns the expression as well).
    A task type never declared is answered in text. A mode outside the four, choices with a mode
    other than choice (or none with choice), fewer than 2 or more than 50 choices, and a choice
    that is empty, blank, over 200 characters or repeated are a 422 naming the field
    (errors[].pointer: /answer/mode, /answer, /answer/choices or /answer/choices/{i}).

    A checker, when given, is the task type's rule check (absent removes the one it has): a
    pattern (RE2) whose capture groups are an expression's operands, and Starlark code run in the
    tool sandbox defining run(operands), which returns the rule's value for the captured operands
    (a list of strings) as a number, or None when it cannot tell. The write gate of every later
    evolution run in the namespace refuses a text stating a value for an expression the pattern
    matches when none of the values it states is the checker's, and the run refuses a pool item of
    the task type whose gold answer is not the checker's value for its question. No task type has
    a checker unless declared, built-in pools included. The checker is refused with a 422 naming
    the field when the pattern is empty, over 1000 bytes, does not compile, has no capture group
    or matches an empty text (/checker/pattern); when the code is empty or over 16384 bytes, does
    not parse, defines no run(operands), fails, runs over the sandbox's limits or returns anything
    but a number or None on the example's operands (/checker/code); when the example is empty,
    over 1000 bytes, has no match of the pattern, states a value other than the checker's for an
    expression, or states none the checker gives (/checker/example). A 503 says the sandbox could
    not run the code at all.

    Args:
        ns (str):
        name (str):
        body (TaskTypeDeclaration):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TaskType]
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
    body: TaskTypeDeclaration,
) -> Problem | TaskType | None:
    """Declare how a task type's questions are answered and checked (scope memory:write).

     Creates the task type, or sets its answer mode and, when a description is given, its
    description (an absent or empty one keeps the one it has). The mode decides what the learner
    is asked to reply, under the matching JSON schema: text (a string), number (a JSON number),
    choice (exactly one of choices) or expression (an arithmetic expression the built-in
    calculator evaluates: the answer is its value, and /answer returns the expression as well).
    A task type never declared is answered in text. A mode outside the four, choices with a mode
    other than choice (or none with choice), fewer than 2 or more than 50 choices, and a choice
    that is empty, blank, over 200 characters or repeated are a 422 naming the field
    (errors[].pointer: /answer/mode, /answer, /answer/choices or /answer/choices/{i}).

    A checker, when given, is the task type's rule check (absent removes the one it has): a
    pattern (RE2) whose capture groups are an expression's operands, and Starlark code run in the
    tool sandbox defining run(operands), which returns the rule's value for the captured operands
    (a list of strings) as a number, or None when it cannot tell. The write gate of every later
    evolution run in the namespace refuses a text stating a value for an expression the pattern
    matches when none of the values it states is the checker's, and the run refuses a pool item of
    the task type whose gold answer is not the checker's value for its question. No task type has
    a checker unless declared, built-in pools included. The checker is refused with a 422 naming
    the field when the pattern is empty, over 1000 bytes, does not compile, has no capture group
    or matches an empty text (/checker/pattern); when the code is empty or over 16384 bytes, does
    not parse, defines no run(operands), fails, runs over the sandbox's limits or returns anything
    but a number or None on the example's operands (/checker/code); when the example is empty,
    over 1000 bytes, has no match of the pattern, states a value other than the checker's for an
    expression, or states none the checker gives (/checker/example). A 503 says the sandbox could
    not run the code at all.

    Args:
        ns (str):
        name (str):
        body (TaskTypeDeclaration):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TaskType
    """

    return (
        await asyncio_detailed(
            ns=ns,
            name=name,
            client=client,
            body=body,
        )
    ).parsed
