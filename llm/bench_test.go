package llm_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

func benchModels(b *testing.B, cfg llm.Config) *llm.Models {
	b.Helper()
	srv := httptest.NewServer(ollamafake.New(ollamafake.Options{}))
	b.Cleanup(srv.Close)
	cfg.BaseURL = srv.URL
	m, err := llm.New(cfg, &http.Client{Timeout: time.Minute}, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkAnswer measures the layer's overhead for one structured call
// (render, HTTP round trip to the fake, think-strip, schema validation, decode).
func BenchmarkAnswer(b *testing.B) {
	x := benchModels(b, llm.Config{}).Learner()
	ctx := context.Background()
	req := evokg.AnswerPrompt{Question: "Who directed Alien?", Context: "Alien (1979) is a film by Ridley Scott.", MemoryBlock: "Success: ..."}
	for b.Loop() {
		if _, err := x.Answer(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEmbedCached measures a 64-text Embed served from the cache.
func BenchmarkEmbedCached(b *testing.B) {
	e := benchModels(b, llm.Config{}).Embedder()
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = fmt.Sprintf("experience number %d about temporal filters", i)
	}
	ctx := context.Background()
	if _, err := e.Embed(ctx, texts); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := e.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEmbedUncached measures a 64-text Embed that goes to the server
// in one batch (cache disabled).
func BenchmarkEmbedUncached(b *testing.B) {
	e := benchModels(b, llm.Config{EmbedCacheSize: -1}).Embedder()
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = fmt.Sprintf("experience number %d about temporal filters", i)
	}
	ctx := context.Background()
	for b.Loop() {
		if _, err := e.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
}
