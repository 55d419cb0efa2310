package scripts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// The real small model lane, as scripts/models/lane.sh serves it.
const (
	laneChatModel  = "smollm2:135m"
	laneEmbedModel = "all-minilm"
	laneEmbedDim   = 384
	modelCall      = 3 * time.Minute // one CPU thread serves every model call
)

// TestUpRunsTheRealSmallModelByDefault runs `make up` with no model
// variable set and EVOKG_FAKE_OLLAMA unset. It starts the real small model
// lane's chat server (SmolLM2-135M-Instruct) on a free port and uses the
// embedding server (all-MiniLM-L6-v2) the test already runs on another one
// (a lane server make up did not start), migrates the schema with the
// embedding model's 384 dimensions, and the quickstart's flow (a
// namespace, one memory, an answer) goes through the real model with the
// key make up prints. `make down` stops the chat server make up started
// and leaves the embedding server running. The test's schema comes with
// its own search_path, which make up uses as it is.
func TestUpRunsTheRealSmallModelByDefault(t *testing.T) {
	t.Parallel()
	install := exec.Command("scripts/models/install.sh")
	install.Dir = repoRoot()
	out, err := install.CombinedOutput()
	require.NoError(t, err, "installing the real small model lane: %s", out)
	chatPort, embedPort := freePort(t), freePort(t)
	lane := []string{"EVOKG_MODELS_CHAT_PORT=" + chatPort, "EVOKG_MODELS_EMBED_PORT=" + embedPort, "EVOKG_MODELS_THREADS=1"}
	embedURL := startLaneServer(t, "embed", lane)

	up := startUp(t, lane...)
	chatURL := "http://127.0.0.1:" + chatPort
	for _, want := range []string{
		fmt.Sprintf("Chat model     %s, teacher and learner (openai at %s/v1)", laneChatModel, chatURL),
		fmt.Sprintf("Embeddings     %s, %d dimensions (openai at %s/v1)", laneEmbedModel, laneEmbedDim, embedURL),
		"the real small model lane: SmolLM2-135M-Instruct and all-MiniLM-L6-v2",
		fmt.Sprintf("the embed model server on 127.0.0.1:%s already serves %s: using it", embedPort, laneEmbedModel),
		fmt.Sprintf("the chat model server serves %s on 127.0.0.1:%s", laneChatModel, chatPort),
	} {
		require.Contains(t, up.output(), want)
	}
	require.Equal(t, laneEmbedDim, embeddingColumnDim(t, up.pgURL), "the schema follows the embedding model")

	key := regexp.MustCompile(`API key +(evk_\S+)`).FindStringSubmatch(up.output())
	require.NotNil(t, key, "make up prints the development key")
	c := &apiClient{t: t, base: up.url + "/v1", key: key[1]}
	ns := testenv.Namespace(t)
	c.do(http.MethodPost, "/namespaces", fmt.Sprintf(`{"name":%q,"description":"quickstart"}`, ns), http.StatusCreated, nil)
	var receipt struct{ ID string }
	c.do(http.MethodPost, "/namespaces/"+ns+"/experiences", `{"task_type":"arithmetic","outcome":"success_memory",
		"question":"What is 17 + 25?","answer":"42","chain_of_thought":"17 + 25 = 42",
		"signature":["parse_numbers","add"],"evaluation":{"correct":1,"efficient":1,"complete":1}}`,
		http.StatusAccepted, &receipt)
	var exp evokg.StoredExperience
	require.Eventually(t, func() bool {
		c.do(http.MethodGet, "/namespaces/"+ns+"/experiences/"+receipt.ID, "", http.StatusOK, &exp)
		return exp.Status == "committed"
	}, readyTimeout, poll, "the memory is embedded by all-MiniLM-L6-v2 and committed")

	var ans evokg.AnswerResponse
	c.do(http.MethodPost, "/namespaces/"+ns+"/answer", `{"question":"What is 17 + 26?","task_type":"arithmetic"}`,
		http.StatusOK, &ans)
	t.Logf("smollm2 answered %q", ans.Answer)
	require.NotEmpty(t, strings.TrimSpace(ans.Answer))
	require.Contains(t, ans.MemoryIDs, exp.ID, "the answer used the memory")
	require.Positive(t, ans.LearnerCalls)

	// SmolLM2 wrote the answer: evokg recorded its reply's tokens, the chat
	// server make up started lists the model and logged the generation.
	var usage evokg.Usage
	c.do(http.MethodGet, "/namespaces/"+ns+"/usage", "", http.StatusOK, &usage)
	rows := map[string]evokg.UsageRow{}
	for _, r := range usage.Rows {
		rows[r.Role] = r
	}
	require.Equal(t, laneChatModel, rows["learner"].Model, "%+v", usage.Rows)
	require.Zero(t, rows["learner"].Errors)
	require.Positive(t, rows["learner"].CompletionTokens, "the server's reply had tokens")
	require.Equal(t, laneEmbedModel, rows["embedder"].Model, "%+v", usage.Rows)
	require.Contains(t, get(t, chatURL+"/v1/models"), `"`+laneChatModel+`"`)
	require.Contains(t, up.log(t, "model-chat"), "print_timing", "the chat server generated tokens")
	var ready struct {
		Checks map[string]struct {
			Status string
			Fake   bool
			Info   struct {
				Models []struct{ Layer, Model string }
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(get(t, up.url+"/readyz")), &ready))
	models := ready.Checks["ollama"]
	require.Equal(t, "up", models.Status)
	require.False(t, models.Fake)
	require.Contains(t, models.Info.Models, struct{ Layer, Model string }{"learner", laneChatModel})
	require.Contains(t, models.Info.Models, struct{ Layer, Model string }{"embedding", laneEmbedModel})

	pids := up.allPids(t, 3) // model-chat, serve and worker; not the embedding server
	up.down(t)
	up.waitStopped(t, pids, 0)
	_, err = http.Get(chatURL + "/health")
	require.Error(t, err, "make down stopped the chat server make up started")
	require.Contains(t, get(t, embedURL+"/health"), "ok", "make down left the embedding server it did not start")
}

// startLaneServer runs one server of the lane (lane.sh's command line, on
// the ports of env) until the test ends, and returns its URL once healthy.
func startLaneServer(t *testing.T, role string, env []string) string {
	t.Helper()
	cmd := exec.Command("bash", "-c", `source scripts/models/lane.sh && lane_command "$1" && exec "${LANE_CMD[@]}"`, "-", role)
	cmd.Dir, cmd.Env = repoRoot(), append(withoutEvokgVars(os.Environ()), env...)
	log, err := os.Create(filepath.Join(t.TempDir(), role+".log"))
	require.NoError(t, err)
	cmd.Stdout, cmd.Stderr = log, log
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("the %s model server did not stop within 20s of SIGTERM", role)
		}
	})
	var port string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "EVOKG_MODELS_"+strings.ToUpper(role)+"_PORT="); ok {
			port = v
		}
	}
	url := "http://127.0.0.1:" + port
	for deadline := time.Now().Add(readyTimeout); ; time.Sleep(poll) {
		select {
		case err := <-done:
			b, _ := os.ReadFile(log.Name())
			require.FailNow(t, "the "+role+" model server exited", "%v: %s", err, tail(string(b), 2000))
		default:
		}
		if res, err := http.Get(url + "/health"); err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		require.True(t, time.Now().Before(deadline), "the %s model server at %s becomes healthy within %s", role, url, readyTimeout)
	}
	return url
}

// embeddingColumnDim is the dimension of the success index's embedding
// column in the schema the URL's search path names first.
func embeddingColumnDim(t *testing.T, url string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := postgres.Open(ctx, postgres.Config{URL: url, EmbeddingDim: laneEmbedDim})
	require.NoError(t, err)
	defer pool.Close()
	var dim int
	require.NoError(t, pool.QueryRow(ctx, `SELECT atttypmod FROM pg_attribute
		WHERE attrelid = 'success_index'::regclass AND attname = 'embedding'`).Scan(&dim))
	return dim
}

// apiClient calls the REST API with a key.
type apiClient struct {
	t         *testing.T
	base, key string
}

// do sends a request, requires the status and decodes the body into out.
func (c *apiClient) do(method, path, body string, status int, out any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), modelCall)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(body))
	require.NoError(c.t, err)
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Content-Type", "application/json")
	if strings.HasSuffix(path, "/experiences") {
		req.Header.Set("Idempotency-Key", fmt.Sprintf("up-test-%d", time.Now().UnixNano()))
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	require.Equal(c.t, status, res.StatusCode, "%s %s: %s", method, path, b)
	if out != nil {
		require.NoError(c.t, json.Unmarshal(b, out), "%s", b)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}

func freePort(t *testing.T) string {
	addr := freeAddr(t)
	return addr[strings.LastIndex(addr, ":")+1:]
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
