package main

import (
	"io"
	"log/slog"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestWorkerHealthEndpoints(t *testing.T) {
	var ready atomic.Bool
	stop, addr, err := startHealth("127.0.0.1:0", &ready, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer stop()
	code, body := get(t, "http://"+addr+"/healthz")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"status":"ok"}`, body)
	code, body = get(t, "http://"+addr+"/readyz")
	require.Equal(t, http.StatusServiceUnavailable, code, "not ready before jobs are worked")
	require.JSONEq(t, `{"status":"unready"}`, body)
	ready.Store(true)
	code, body = get(t, "http://"+addr+"/readyz")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"status":"ready"}`, body)
}

func TestWorkerHealthIsOffByDefault(t *testing.T) {
	cli, _, err := parse(t, "worker")
	require.NoError(t, err)
	require.Empty(t, cli.Worker.HealthAddr)
	stop, addr, err := startHealth("", new(atomic.Bool), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	stop()
	require.Empty(t, addr)
}
