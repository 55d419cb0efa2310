package llm

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"

	"github.com/evokg/evokg"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// openAIBackend speaks the OpenAI-compatible API through the official
// client (github.com/openai/openai-go). Structured calls send the reply
// schema as response_format json_schema; the client's own retries are off,
// so one attempt is one recorded call.
type openAIBackend struct {
	client openai.Client
}

func newOpenAIBackend(base, apiKey string, hc *http.Client) *openAIBackend {
	// Every option is explicit, so nothing is taken from OPENAI_*
	// environment variables; an empty key sends no Authorization header.
	return &openAIBackend{client: openai.NewClient(option.WithBaseURL(base), option.WithAPIKey(apiKey),
		option.WithHTTPClient(hc), option.WithMaxRetries(0))}
}

// openAIBase gives a base URL without a path the conventional /v1.
func openAIBase(base string) string {
	u, err := url.Parse(base)
	if err != nil || (u.Path != "" && u.Path != "/") {
		return base
	}
	return base + "/v1"
}

func (o *openAIBackend) chat(ctx context.Context, req chatRequest) (chatResult, error) {
	p := openai.ChatCompletionNewParams{
		Model:               req.model,
		Messages:            openAIMessages(req.messages),
		Tools:               openAITools(req.tools),
		Temperature:         openai.Float(req.temperature),
		MaxCompletionTokens: openai.Int(int64(req.maxTokens)),
	}
	if req.seed != 0 {
		p.Seed = openai.Int(int64(req.seed))
	}
	if req.schema != nil {
		p.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
			JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: cmp.Or(req.task, "reply"), Schema: req.schema},
		}}
	}
	resp, err := o.client.Chat.Completions.New(ctx, p)
	if err != nil {
		return chatResult{}, err
	}
	res := chatResult{promptTokens: int(resp.Usage.PromptTokens), replyTokens: int(resp.Usage.CompletionTokens)}
	if len(resp.Choices) == 0 {
		return res, errors.New("the reply has no choices")
	}
	res.content = resp.Choices[0].Message.Content
	res.truncated = resp.Choices[0].FinishReason == "length"
	for _, c := range resp.Choices[0].Message.ToolCalls {
		if c.Type == "function" {
			res.toolCalls = append(res.toolCalls, evokg.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: jsonArguments(c.Function.Arguments)})
		}
	}
	return res, nil
}

// openAITools maps tool definitions onto OpenAI function tools; a schema
// that is not an object is sent as none, so the call's arguments are
// checked against the tool's own schema when it runs.
func openAITools(defs []evokg.ToolDef) []openai.ChatCompletionToolUnionParam {
	var out []openai.ChatCompletionToolUnionParam
	for _, d := range defs {
		var params shared.FunctionParameters
		_ = json.Unmarshal(d.Parameters, &params) //nolint:errcheck // see above
		out = append(out, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{Name: d.Name,
			Description: openai.String(d.Description), Parameters: params}))
	}
	return out
}

func openAIMessages(msgs []message) []openai.ChatCompletionMessageParamUnion {
	out := make([]openai.ChatCompletionMessageParamUnion, 0, len(msgs))
	for _, m := range msgs {
		switch m.Role {
		case "system":
			out = append(out, openai.SystemMessage(m.Content))
		case "assistant":
			out = append(out, openAIAssistant(m))
		case "tool":
			out = append(out, openai.ToolMessage(m.Content, m.ToolCallID))
		default:
			out = append(out, openai.UserMessage(m.Content))
		}
	}
	return out
}

// openAIAssistant is an assistant message with its tool calls.
func openAIAssistant(m message) openai.ChatCompletionMessageParamUnion {
	if len(m.ToolCalls) == 0 {
		return openai.AssistantMessage(m.Content)
	}
	a := openai.ChatCompletionAssistantMessageParam{}
	if m.Content != "" {
		a.Content.OfString = openai.String(m.Content)
	}
	for _, c := range m.ToolCalls {
		a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
			ID: c.ID, Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: string(c.Arguments)}}})
	}
	return openai.ChatCompletionMessageParamUnion{OfAssistant: &a}
}

func (o *openAIBackend) embed(ctx context.Context, model string, input []string) (embedResult, error) {
	resp, err := o.client.Embeddings.New(ctx, openai.EmbeddingNewParams{
		Model:          model,
		Input:          openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: input},
		EncodingFormat: openai.EmbeddingNewParamsEncodingFormatFloat,
	})
	if err != nil {
		return embedResult{}, err
	}
	data := slices.Clone(resp.Data)
	slices.SortStableFunc(data, func(a, b openai.Embedding) int { return cmp.Compare(a.Index, b.Index) })
	res := embedResult{vectors: make([][]float32, len(data)), promptTokens: int(resp.Usage.PromptTokens)}
	for i, d := range data {
		v := make([]float32, len(d.Embedding))
		for j, x := range d.Embedding {
			v[j] = float32(x)
		}
		res.vectors[i] = v
	}
	return res, nil
}

func (o *openAIBackend) models(ctx context.Context) ([]string, error) {
	var names []string
	pages := o.client.Models.ListAutoPaging(ctx)
	for pages.Next() {
		m := pages.Current()
		names = append(names, m.ID)
	}
	return names, pages.Err()
}

// version lists the models: the protocol has no version, and the list
// proves the server answers. A scripted fake names itself as their owner.
func (o *openAIBackend) version(ctx context.Context) (string, error) {
	page, err := o.client.Models.List(ctx)
	if err != nil {
		return "", err
	}
	for _, m := range page.Data {
		if m.OwnedBy == ScriptedMarker {
			return "openai-compatible (" + ScriptedMarker + ")", nil
		}
	}
	return "openai-compatible", nil
}

func (o *openAIBackend) status(err error) (int, string, bool) {
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode, apiErr.Message, true
	}
	return 0, "", false
}
