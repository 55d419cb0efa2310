package main

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// ProbeCmd checks that a URL answers 2xx; container healthchecks use it
// because the runtime image has no shell tools.
type ProbeCmd struct {
	URL     string        `arg:"" help:"URL to GET."`
	Timeout time.Duration `default:"3s" help:"Probe timeout."`
}

func (c *ProbeCmd) Run(g *Globals) error {
	ctx, cancel := context.WithTimeout(g.Ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s answered %s", c.URL, resp.Status)
	}
	return nil
}
