package llm_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

// The learner answers through the learner layer; the judge grades through
// the teacher layer. Here the model server is the scripted fake.
func Example() {
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{
		{Task: "answer", Reply: `{"reasoning":"Alien is a 1979 film.","answer":"1979"}`},
		{Task: "judge", Reply: `<think>same year</think>{"correct":true,"reason":"same year"}`},
	}})
	srv := httptest.NewServer(fake)
	defer srv.Close()

	models, err := llm.New(llm.Config{BaseURL: srv.URL}, &http.Client{Timeout: time.Minute}, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		panic(err)
	}
	ctx := llm.WithCall(context.Background(), llm.CallMeta{Namespace: "demo", RunID: "r1"})
	reply, err := models.Learner().Answer(ctx, evokg.AnswerPrompt{Question: "When was Alien released?"})
	if err != nil {
		panic(err)
	}
	verdict, err := models.Teacher().Judge(ctx, evokg.JudgeRequest{Question: "When was Alien released?", Answer: reply.Answer, Gold: "1979"})
	if err != nil {
		panic(err)
	}
	fmt.Println(reply.Answer, verdict.Correct)
	fmt.Println("teacher model calls:", fake.CountModel("qwen3:8b"), "learner calls:", fake.CountModel("llama3.1:8b"))
	// Output:
	// 1979 true
	// teacher model calls: 1 learner calls: 1
}
