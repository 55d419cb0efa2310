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
def filter_body(ctx, body):
    """Keeps an evolution run's body within a rule JSON Schema cannot state:
    the validation and test shares sum below 1 (the document says so in
    their descriptions, and the server refuses other sums with a 422)."""
    operation = getattr(ctx, "operation", None)
    if operation is None or not operation.path.endswith("/evolution-runs") or not isinstance(body, dict):
        return True
    shares = [body.get("validation"), body.get("test")]
    if not all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in shares if s is not None):
        return True  # a negative case of another kind
    return sum(s for s in shares if s is not None) < 1
