package validate

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"

	"github.com/evokg/evokg"
)

// webhook asks the client's own checker: it POSTs the attempt as JSON and
// reads a WebhookVerdict. Only hosts on the operator's allow-list are
// called, redirects are never followed and each call has a timeout.
type webhook struct {
	url    string
	client *http.Client
}

// WebhookVerdict is the checker's reply.
type WebhookVerdict struct {
	Passed    bool   `json:"passed"`
	Outcome   string `json:"outcome,omitempty"`
	RootCause string `json:"root_cause,omitempty"`
	FixTarget string `json:"fix_target,omitempty"`
}

// maxVerdictBytes bounds a checker's reply.
const maxVerdictBytes = 64 << 10

func newWebhook(cfg Config, raw string) (Validator, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, invalid("/validator/url", "must be an absolute http or https URL")
	}
	if !hostAllowed(cfg.WebhookHosts, u.Hostname(), u.Host) {
		return nil, invalid("/validator/url", "host "+u.Host+" is not on the operator's webhook allow-list")
	}
	client := &http.Client{
		Timeout:       cfg.WebhookTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return webhook{url: u.String(), client: client}, nil
}

func (w webhook) Validate(ctx context.Context, a Attempt) (evokg.ValidationFeedback, error) {
	body, err := json.Marshal(a)
	if err != nil {
		return evokg.ValidationFeedback{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.url, bytes.NewReader(body))
	if err != nil {
		return evokg.ValidationFeedback{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.client.Do(req)
	if err != nil {
		return evokg.ValidationFeedback{}, evokg.Errorf(evokg.EUNAVAILABLE, "the webhook checker did not answer: %v", err)
	}
	defer resp.Body.Close()
	return readVerdict(resp)
}

func readVerdict(resp *http.Response) (evokg.ValidationFeedback, error) {
	if resp.StatusCode != http.StatusOK {
		return evokg.ValidationFeedback{}, evokg.Errorf(evokg.EUNAVAILABLE, "the webhook checker answered %s (redirects are not followed)", resp.Status)
	}
	var v WebhookVerdict
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxVerdictBytes)).Decode(&v); err != nil {
		return evokg.ValidationFeedback{}, evokg.Errorf(evokg.EUNAVAILABLE, "the webhook checker's reply is not a verdict: %v", err)
	}
	if v.Passed {
		return pass(), nil
	}
	return fail(checkerOutcome(v.Outcome), v.RootCause, v.FixTarget), nil
}

// checkerOutcome keeps a failing outcome the platform knows, else "wrong".
func checkerOutcome(o string) string {
	if slices.Contains([]string{evokg.OutcomeWrong, evokg.OutcomeForm, evokg.OutcomeError}, o) {
		return o
	}
	return evokg.OutcomeWrong
}
