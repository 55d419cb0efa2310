package bench

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// process is one evokg process the benchmark started.
type process struct {
	name string
	cmd  *exec.Cmd
	log  *os.File
	done chan struct{}
	exit chan error // why the process ended, with its log's last line
}

// cluster is the API and worker processes.
type cluster struct {
	apis    []string // base URLs, in the order started
	procs   []*process
	workers []*process
	byAPI   map[string]*process
}

// startCluster starts the worker processes, then the APIs, and waits until
// each says ready. The caller stops it, also on error.
func startCluster(ctx context.Context, opts ScaleOptions, modelURL string, progress io.Writer) (*cluster, error) {
	cl := &cluster{byAPI: map[string]*process{}}
	env := append(append([]string{}, opts.Env...), "EVOKG_OLLAMA_URL="+modelURL,
		"EVOKG_RATE_LIMIT="+strconv.Itoa(opts.RateLimit), "EVOKG_WARM_ROUNDS=0")
	ready := map[string]*process{}
	for i := range opts.Workers {
		health, err := freeAddr()
		if err != nil {
			return cl, err
		}
		p, err := cl.start(opts, env, fmt.Sprintf("worker-%d", i+1), "worker", "--health-addr", health)
		if err != nil {
			return cl, err
		}
		cl.workers = append(cl.workers, p)
		ready["http://"+health+"/readyz"] = p
	}
	for i := range opts.APIs {
		addr, err := freeAddr()
		if err != nil {
			return cl, err
		}
		p, err := cl.start(opts, env, fmt.Sprintf("api-%d", i+1), "serve", "--addr", addr)
		if err != nil {
			return cl, err
		}
		cl.apis = append(cl.apis, "http://"+addr)
		cl.byAPI["http://"+addr] = p
		ready["http://"+addr+"/readyz"] = p
	}
	for url, p := range ready {
		if err := waitHTTP(ctx, url, 3*time.Minute, p.exit); err != nil {
			return cl, fmt.Errorf("bench: waiting for %s (logs in %s): %w", url, opts.LogDir, err)
		}
	}
	fmt.Fprintf(progress, "%d APIs and %d workers ready (logs in %s)\n", opts.APIs, opts.Workers, opts.LogDir)
	return cl, nil
}

func (cl *cluster) start(opts ScaleOptions, env []string, name string, args ...string) (*process, error) {
	f, err := os.Create(filepath.Join(opts.LogDir, name+".log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(opts.Bin, args...)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("bench: starting %s: %w", name, err)
	}
	p := &process{name: name, cmd: cmd, log: f, done: make(chan struct{}), exit: make(chan error, 1)}
	go func() {
		err := cmd.Wait()
		f.Close()
		p.exit <- fmt.Errorf("%s exited (%v): %s", name, err, lastLine(f.Name()))
		close(p.done)
	}()
	cl.procs = append(cl.procs, p)
	return p, nil
}

// kill ends p at once (SIGKILL): no graceful shutdown, no job handed back.
func (p *process) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop ends every process still running: SIGTERM, then SIGKILL after 30s.
func (cl *cluster) stop() {
	for _, p := range cl.procs {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
	}
	for _, p := range cl.procs {
		select {
		case <-p.done:
		case <-time.After(30 * time.Second):
			p.kill()
		}
	}
}

// lastLine is the last non-empty line of the file at path.
func lastLine(path string) string {
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitHTTP polls url until it answers 200, timeout passes or errc reports
// that the server stopped.
func waitHTTP(ctx context.Context, url string, timeout time.Duration, errc <-chan error) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		if ok, err := answers200(ctx, url); err != nil {
			return err
		} else if ok {
			return nil
		}
		select {
		case err := <-errc:
			return fmt.Errorf("stopped: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

func answers200(ctx context.Context, url string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false, nil
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}
