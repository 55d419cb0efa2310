package api

import (
	_ "embed"
	"encoding/json"
	"net/http"

	"gopkg.in/yaml.v3"
)

// OpenAPIYAML is the OpenAPI 3 document of the API, the contract the
// router is tested against.
//
//go:embed openapi.yaml
var OpenAPIYAML []byte

// openAPIJSON is OpenAPIYAML converted once to JSON.
var openAPIJSON = mustJSON(OpenAPIYAML)

func mustJSON(doc []byte) []byte {
	var v any
	if err := yaml.Unmarshal(doc, &v); err != nil {
		panic("api: openapi.yaml: " + err.Error())
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic("api: openapi.yaml to JSON: " + err.Error())
	}
	return b
}

// serveOpenAPIJSON serves the document this handler enforces.
func (s *server) serveOpenAPIJSON(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(s.contract.json)
}

func (s *server) serveOpenAPIYAML(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/yaml")
	_, _ = w.Write(s.contract.yaml)
}
