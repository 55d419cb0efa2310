SELECT layer, role, model,
       count(*)::int                                  AS calls,
       count(*) FILTER (WHERE outcome <> 'ok')::int   AS failed,
       coalesce(sum(prompt_tokens), 0)::bigint        AS prompt_tokens,
       coalesce(sum(reply_tokens), 0)::bigint         AS reply_tokens,
       coalesce(sum(duration_ms), 0)::double precision AS duration_ms
FROM llm_calls
WHERE namespace = $1 AND ($2 = '' OR run_id = $2)
GROUP BY layer, role, model
ORDER BY layer, role, model
