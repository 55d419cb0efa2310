// Package console serves the operator console: static pages embedded in the
// binary whose script calls the /v1 REST API with the key the operator typed
// (kept in sessionStorage), so the API's own authentication, scopes and
// namespace checks decide what a page may show or change. The API router
// mounts Handler at /console.
package console

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/evokg/evokg/graph"
)

//go:embed static
var static embed.FS

// Config configures the console.
type Config struct {
	// Neo4jBrowserURL is Neo4j Browser's address (EVOKG_NEO4J_BROWSER_URL);
	// pages link their matching saved query there. Empty hides the links.
	Neo4jBrowserURL string
}

// settings is what /console/config.json tells the pages.
type settings struct {
	Neo4jBrowserURL string `json:"neo4j_browser_url,omitempty"`
	// Queries are the saved Neo4j Browser queries (graph/cypher/browser) by file name.
	Queries map[string]string `json:"queries"`
}

// Handler serves the console at /console, mounted or on its own.
func Handler(cfg Config) http.Handler {
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	body, err := json.Marshal(settings{Neo4jBrowserURL: cfg.Neo4jBrowserURL, Queries: browserQueries()})
	if err != nil {
		panic(err)
	}
	r := chi.NewRouter()
	r.Use(securityHeaders)
	r.Get("/config.json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(body)
	})
	r.Handle("/*", http.FileServerFS(files))
	pages := http.StripPrefix("/console", r)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/console" { // the pages' relative links need the slash
			http.Redirect(w, req, "/console/", http.StatusMovedPermanently)
			return
		}
		pages.ServeHTTP(w, req)
	})
}

// securityHeaders keeps the pages from loading anything from elsewhere and
// from being framed: everything they need is embedded.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

// browserQueries reads the saved queries of graph/cypher/browser, without their
// leading comment lines.
func browserQueries() map[string]string {
	out := map[string]string{}
	names, err := fs.Glob(graph.CypherFiles, "cypher/browser/*.cypher")
	if err != nil {
		panic(err)
	}
	for _, name := range names {
		b, err := fs.ReadFile(graph.CypherFiles, name)
		if err != nil {
			panic(err)
		}
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if len(lines) == 0 && strings.HasPrefix(l, "//") {
				continue
			}
			lines = append(lines, l)
		}
		out[strings.TrimSuffix(path.Base(name), ".cypher")] = strings.TrimSpace(strings.Join(lines, "\n"))
	}
	return out
}
