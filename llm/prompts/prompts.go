// Package prompts embeds the prompt templates of the model layer. Each role
// task has a text/template file NAME.tmpl defining the blocks "system" and
// "user", beside NAME.schema.json, the JSON schema its reply must match
// (sent to Ollama as the request's format). The schema's "title" is NAME,
// which lets the Ollama fake script replies by task.
package prompts

import "embed"

// FS holds every *.tmpl and *.schema.json file.
//
//go:embed *.tmpl *.schema.json
var FS embed.FS
