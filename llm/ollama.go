package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/evokg/evokg"
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
	msgs, err := ollamaMessages(req.messages)
	if err != nil {
		return chatResult{}, err
	}
	tools, err := ollamaTools(req.tools)
	if err != nil {
		return chatResult{}, err
	}
	opts := map[string]any{"temperature": req.temperature, "num_ctx": req.numCtx, "num_predict": req.maxTokens}
	if req.seed != 0 {
		opts["seed"] = req.seed
	}
	r := &api.ChatRequest{Model: req.model, Messages: msgs, Stream: &stream, Format: req.schema, Options: opts, Tools: tools}
	var content strings.Builder
	var res chatResult
	err = o.client.Chat(ctx, r, func(resp api.ChatResponse) error {
		content.WriteString(resp.Message.Content)
		for _, c := range resp.Message.ToolCalls {
			args, err := c.Function.Arguments.MarshalJSON()
			if err != nil {
				return err
			}
			res.toolCalls = append(res.toolCalls, evokg.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: args})
		}
		if resp.Done {
			res.promptTokens, res.replyTokens = resp.PromptEvalCount, resp.EvalCount
			res.truncated = resp.DoneReason == "length"
		}
		return nil
	})
	res.content = content.String()
	return res, err
}

// ollamaMessages maps chat messages onto Ollama's, tool calls and tool
// results included.
func ollamaMessages(in []message) ([]api.Message, error) {
	msgs := make([]api.Message, len(in))
	for i, m := range in {
		msgs[i] = api.Message{Role: m.Role, Content: m.Content, ToolName: m.ToolName, ToolCallID: m.ToolCallID}
		for j, c := range m.ToolCalls {
			var args api.ToolCallFunctionArguments
			if err := args.UnmarshalJSON(c.Arguments); err != nil {
				return nil, fmt.Errorf("tool call %s: arguments: %w", c.Name, err)
			}
			msgs[i].ToolCalls = append(msgs[i].ToolCalls, api.ToolCall{ID: c.ID,
				Function: api.ToolCallFunction{Index: j, Name: c.Name, Arguments: args}})
		}
	}
	return msgs, nil
}

// ollamaTools maps tool definitions onto Ollama's function tools.
func ollamaTools(defs []evokg.ToolDef) (api.Tools, error) {
	var tools api.Tools
	for _, d := range defs {
		var params api.ToolFunctionParameters
		if err := json.Unmarshal(d.Parameters, &params); err != nil {
			return nil, fmt.Errorf("tool %s: parameters: %w", d.Name, err)
		}
		tools = append(tools, api.Tool{Type: "function",
			Function: api.ToolFunction{Name: d.Name, Description: d.Description, Parameters: params}})
	}
	return tools, nil
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
