"""Checks of the contract test beyond Schemathesis's own.

documented_status: a response's status other than a 5xx (which
not_a_server_error reports) must be listed by the operation itself; the
`default` response covers only unexpected server errors. So a 404 for a
schema-valid request passes only where the document says it can happen.
"""

import schemathesis


@schemathesis.check
def documented_status(ctx, response, case):
    status = response.status_code
    if status >= 500 or case.method.upper() != case.operation.method.upper():
        return None  # 5xx: not_a_server_error; another method: unsupported_method
    responses = case.operation.definition.raw.get("responses", {})
    if str(status) not in responses:
        raise AssertionError(
            f"{case.operation.label} answered {status}, which the operation does not list "
            f"(it lists {', '.join(sorted(responses))})"
        )
    return None


@schemathesis.hook
def filter_case(ctx, case):
    """filter_body for every phase: the coverage phase applies case filters
    but not body filters."""
    return body_fits(case.operation.path, case.body)


def body_fits(path, body):
    """Keeps a body within the rules JSON Schema cannot state, which the
    document states in descriptions and the server refuses with a 422: an
    evolution or epoch run's validation and test shares sum below 1, every
    embedding has a length between 1e-15 and 1e19, and a task type's
    checker is a pattern, code and example that agree when the code runs
    in the sandbox (the Go tests send checkers: api.TestDeclareTaskTypeRefusals,
    app.TestDeclareCheckerOverTheAPI)."""
    if not all(embedding_fits(item) for item in (body if isinstance(body, list) else [body])):
        return False
    if not isinstance(body, dict):
        return True
    if "/task-types/" in path and isinstance(body.get("checker"), dict):
        checker = body["checker"]
        return not all(isinstance(checker.get(k), str) for k in ("pattern", "code", "example"))
    if path.endswith("/evolution-runs"):  # an absent or 0 share takes the default, 0.2
        shares = [body.get("validation") or 0.2, body.get("test") or 0.2]
    elif path.endswith("/epoch-runs"):
        test = body.get("test", body.get("held_out", 0.2))
        shares = [body.get("validation", 0.2), test]
    else:
        return True
    if not all(is_number(s) for s in shares if s is not None):
        return True  # a negative case of another kind
    return sum(s for s in shares if s is not None) < 1


def embedding_fits(item):
    """Whether item's embedding, if any, has a length the server accepts:
    the sum of the squares of its components between 1e-30 and 1e38."""
    emb = item.get("embedding") if isinstance(item, dict) else None
    if not isinstance(emb, list) or not emb or not all(is_number(x) for x in emb):
        return True  # none, or a negative case of another kind
    try:
        return 1e-30 <= sum(float(x) * float(x) for x in emb) <= 1e38
    except OverflowError:
        return True  # beyond any float: a negative case


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)
