package llm

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/ollama/ollama/api"
)

// ollamaBackend speaks Ollama's API through the official client.
type ollamaBackend struct {
	client *api.Client
}

func newOllamaBackend(base string, hc *http.Client) (*ollamaBackend, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return &ollamaBackend{client: api.NewClient(u, hc)}, nil
}

func (o *ollamaBackend) chat(ctx context.Context, req chatRequest) (chatResult, error) {
	stream := false
	msgs := make([]api.Message, len(req.messages))
	for i, m := range req.messages {
		msgs[i] = api.Message{Role: m.Role, Content: m.Content}
	}
	opts := map[string]any{"temperature": req.temperature, "num_ctx": req.numCtx, "num_predict": req.maxTokens}
	if req.seed != 0 {
		opts["seed"] = req.seed
	}
	r := &api.ChatRequest{Model: req.model, Messages: msgs, Stream: &stream, Format: req.schema, Options: opts}
	var content strings.Builder
	var res chatResult
	err := o.client.Chat(ctx, r, func(resp api.ChatResponse) error {
		content.WriteString(resp.Message.Content)
		if resp.Done {
			res.promptTokens, res.replyTokens = resp.PromptEvalCount, resp.EvalCount
			res.truncated = resp.DoneReason == "length"
		}
		return nil
	})
	res.content = content.String()
	return res, err
}

func (o *ollamaBackend) embed(ctx context.Context, model string, input []string) (embedResult, error) {
	resp, err := o.client.Embed(ctx, &api.EmbedRequest{Model: model, Input: input})
	if err != nil {
		return embedResult{}, err
	}
	return embedResult{vectors: resp.Embeddings, promptTokens: resp.PromptEvalCount}, nil
}

func (o *ollamaBackend) models(ctx context.Context) ([]string, error) {
	list, err := o.client.List(ctx)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range list.Models {
		names = append(names, m.Name, m.Model)
	}
	return names, nil
}

func (o *ollamaBackend) version(ctx context.Context) (string, error) {
	return o.client.Version(ctx)
}

func (o *ollamaBackend) status(err error) (int, string, bool) {
	var status api.StatusError
	if errors.As(err, &status) {
		return status.StatusCode, status.ErrorMessage, true
	}
	return 0, "", false
}
