// Package scripts_test runs the developer scripts against the real services:
// `make up` (scripts/up.sh) on its own pid, log and port set, and a Neo4j
// of its own started by scripts/stack/neo4j.sh. They never start or stop the
// shared databases.
package scripts_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
)

// Bounds of the waits; each is a deadline on a polled condition.
const (
	readyTimeout   = 3 * time.Minute
	restartTimeout = time.Minute
	stopTimeout    = 90 * time.Second
	poll           = 100 * time.Millisecond
)

var evokgBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "evokg-scripts-")
	if err != nil {
		panic(err)
	}
	evokgBin = filepath.Join(dir, "evokg")
	build := exec.Command("go", "build", "-o", evokgBin, "./cmd/evokg")
	build.Dir = repoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building evokg: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

func repoRoot() string {
	root, err := filepath.Abs("..")
	if err != nil {
		panic(err)
	}
	return root
}

// TestUpRestartsACrashedWorker kills the worker with SIGKILL: `make up`
// restarts it, says so, and the API stays ready; `make down` then stops
// every process `make up` started.
func TestUpRestartsACrashedWorker(t *testing.T) {
	t.Parallel()
	up := startUp(t, fakeModelServer(t)...)
	serve := up.pid(t, "serve")
	worker := up.pid(t, "worker")
	up.waitLog(t, "worker", "evokg worker started", 1)

	require.NoError(t, syscall.Kill(worker, syscall.SIGKILL))
	restarted := up.waitRestarted(t, "worker", worker)
	require.NotEqual(t, worker, restarted)
	up.waitLog(t, "worker", "evokg worker started", 2)
	require.Contains(t, up.log(t, "worker"), "worker exited with status 137 (killed by SIGKILL); restart 1 in 1s")
	require.Contains(t, up.output(), "worker exited with status 137", "the restart is announced on the terminal")
	require.Equal(t, serve, up.pid(t, "serve"), "the API kept running")
	require.True(t, up.ready(), "the API stays ready")

	pids := up.allPids(t, 3)
	up.down(t)
	up.waitStopped(t, pids, 1)
}

// TestUpRestartsACrashedServe kills the API with SIGKILL: `make up`
// restarts it and it becomes ready again; Ctrl-C (SIGINT to the whole
// foreground process group) then stops everything.
func TestUpRestartsACrashedServe(t *testing.T) {
	t.Parallel()
	up := startUp(t, fakeModelServer(t)...)
	serve := up.pid(t, "serve")
	worker := up.pid(t, "worker")

	require.NoError(t, syscall.Kill(serve, syscall.SIGKILL))
	up.waitRestarted(t, "serve", serve)
	require.Eventually(t, up.ready, readyTimeout, poll, "the restarted API becomes ready")
	require.Contains(t, up.log(t, "serve"), "serve exited with status 137 (killed by SIGKILL); restart 1 in 1s")
	require.Equal(t, worker, up.pid(t, "worker"), "the worker kept running")

	pids := up.allPids(t, 3)
	require.NoError(t, syscall.Kill(-up.cmd.Process.Pid, syscall.SIGINT))
	up.waitStopped(t, pids, 1)
}

// supervised are the names of every process make up may supervise.
var supervised = []string{"serve", "worker", "fake-ollama", "model-chat", "model-embed"}

// upRun is one `make up` on its own stack folder, ports and schema.
type upRun struct {
	cmd             *exec.Cmd
	dir, url, pgURL string
	env             []string
	out             *os.File
	done            chan error
}

// fakeModelServer is the configuration of make up with the scripted model
// server, on a port of its own.
func fakeModelServer(t *testing.T) []string {
	return []string{"EVOKG_FAKE_OLLAMA=1", "EVOKG_OLLAMA_URL=http://" + freeAddr(t)}
}

// startUp runs make up with extra (the model configuration) and no other
// EVOKG_ variable than its folders, ports, binary and databases.
func startUp(t *testing.T, extra ...string) *upRun {
	t.Helper()
	testenv.Neo4j(t)
	dir := t.TempDir()
	addr := freeAddr(t)
	up := &upRun{dir: dir, url: "http://" + addr, pgURL: testenv.IsolatedPostgresURL(t), done: make(chan error, 1)}
	up.env = append(withoutEvokgVars(os.Environ()),
		"EVOKG_STACK_DIR="+dir, "EVOKG_UP_STACK=0", "EVOKG_BIN="+evokgBin,
		"EVOKG_ADDR="+addr, "EVOKG_POSTGRES_URL="+up.pgURL,
		"EVOKG_NEO4J_URI="+testenv.Neo4jURI(), "EVOKG_NEO4J_USER="+testenv.Neo4jUser(),
		"EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(), "EVOKG_LOG_FORMAT=text")
	up.env = append(up.env, extra...)
	out, err := os.Create(filepath.Join(dir, "up.out"))
	require.NoError(t, err)
	up.out = out
	// As a terminal runs a foreground job: SIGINT at its default (a test
	// binary started in the background may inherit it ignored, and bash
	// cannot trap a signal ignored on entry) and a process group of its own.
	up.cmd = exec.Command("env", "--default-signal=INT", "bash", "scripts/up.sh")
	up.cmd.Dir, up.cmd.Env, up.cmd.Stdout, up.cmd.Stderr = repoRoot(), up.env, out, out
	up.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, up.cmd.Start())
	go func() { up.done <- up.cmd.Wait() }()
	t.Cleanup(func() { up.kill(t) })
	require.Eventually(t, func() bool { return strings.Contains(up.output(), "EvoKG is up.") || up.exited() },
		readyTimeout, poll)
	require.False(t, up.exited(), "make up ended before the API was ready:\n%s", up.output())
	require.True(t, up.ready())
	return up
}

// kill ends whatever is left of the run (a failed test) and logs its output.
func (u *upRun) kill(t *testing.T) {
	if !u.exited() {
		_ = syscall.Kill(-u.cmd.Process.Pid, syscall.SIGKILL)
		<-u.done
	}
	for _, name := range supervised {
		if pid := u.readPid(name); pid > 0 && running(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL) // processes run in sessions of their own
		}
	}
	if t.Failed() {
		t.Logf("make up printed:\n%s", u.output())
		for _, name := range supervised {
			if log := u.log(t, name); log != "" {
				t.Logf("%s.log:\n%s", name, tail(log, 8000))
			}
		}
	}
	_ = u.out.Close()
}

func (u *upRun) exited() bool {
	select {
	case err := <-u.done:
		u.done <- err
		return true
	default:
		return false
	}
}

func (u *upRun) ready() bool {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.url+"/readyz", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	_ = res.Body.Close()
	return res.StatusCode == http.StatusOK
}

func (u *upRun) output() string {
	b, _ := os.ReadFile(u.out.Name())
	return string(b)
}

func (u *upRun) log(t *testing.T, name string) string {
	b, _ := os.ReadFile(filepath.Join(u.dir, "logs", name+".log"))
	return string(b)
}

// pid is the running process of a supervised name.
func (u *upRun) pid(t *testing.T, name string) int {
	t.Helper()
	var pid int
	require.Eventually(t, func() bool {
		pid = u.readPid(name)
		return pid > 0 && running(pid)
	}, restartTimeout, poll, "%s is running", name)
	return pid
}

func (u *upRun) readPid(name string) int {
	b, err := os.ReadFile(filepath.Join(u.dir, "run", name+".pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return pid
}

// waitRestarted waits until name runs again as another process than old.
func (u *upRun) waitRestarted(t *testing.T, name string, old int) int {
	t.Helper()
	var pid int
	require.Eventually(t, func() bool {
		pid = u.readPid(name)
		return pid > 0 && pid != old && running(pid)
	}, restartTimeout, poll, "%s is restarted", name)
	return pid
}

// waitLog waits until name's log holds text n times.
func (u *upRun) waitLog(t *testing.T, name, text string, n int) {
	t.Helper()
	require.Eventually(t, func() bool { return strings.Count(u.log(t, name), text) >= n },
		restartTimeout, poll, "%s logs %q %d times", name, text, n)
}

// down runs make down.
func (u *upRun) down(t *testing.T) {
	t.Helper()
	down := exec.Command("bash", "scripts/down.sh")
	down.Dir, down.Env = repoRoot(), u.env
	out, err := down.CombinedOutput()
	require.NoError(t, err, "%s", out)
}

// allPids are the n supervisors and their processes.
func (u *upRun) allPids(t *testing.T, n int) []int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(u.dir, "up.pids"))
	require.NoError(t, err)
	var pids []int
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "supervisor" {
			pid, err := strconv.Atoi(f[2])
			require.NoError(t, err)
			pids = append(pids, pid, u.readPid(f[1]))
		}
	}
	require.Len(t, pids, 2*n, "%d processes, each with its supervisor", n)
	return pids
}

// waitStopped waits until make up has ended and every pid with it, and its
// pid files are gone; crashes processes exited on their own meanwhile.
func (u *upRun) waitStopped(t *testing.T, pids []int, crashes int) {
	t.Helper()
	require.Eventually(t, u.exited, stopTimeout, poll, "make up ends")
	for _, pid := range pids {
		require.False(t, running(pid), "process %d still runs", pid)
	}
	require.NoFileExists(t, filepath.Join(u.dir, "up.pids"))
	require.NoDirExists(t, filepath.Join(u.dir, "run"))
	require.False(t, u.ready())
	require.Equal(t, crashes, strings.Count(u.output(), "exited with status"), "only the killed processes exited on their own")
	require.Contains(t, u.output(), " stopped\n", "make up says when it has stopped")
}

// running reports whether pid is a live (not zombie) process.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i > 0 && i+2 < len(b) && b[i+2] != 'Z'
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

func withoutEvokgVars(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "EVOKG_") {
			out = append(out, kv)
		}
	}
	return out
}
