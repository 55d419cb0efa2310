package llm

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"

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
	return res, nil
}

func openAIMessages(msgs []message) []openai.ChatCompletionMessageParamUnion {
	out := make([]openai.ChatCompletionMessageParamUnion, 0, len(msgs))
	for _, m := range msgs {
		switch m.Role {
		case "system":
			out = append(out, openai.SystemMessage(m.Content))
		case "assistant":
			out = append(out, openai.AssistantMessage(m.Content))
		default:
			out = append(out, openai.UserMessage(m.Content))
		}
	}
	return out
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
