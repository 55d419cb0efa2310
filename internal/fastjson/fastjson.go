// Package fastjson holds the sonic decoders that stand in for encoding/json
// where embeddings make decoding a hot path (import lines, ingest bodies,
// the API's contract check). Both read as encoding/json does: invalid UTF-8
// replaced, strings copied, numbers in an interface as float64, anything
// after the value refused. A caller decodes again with encoding/json when
// sonic refuses, so that errors read as encoding/json's.
package fastjson

import "github.com/bytedance/sonic"

// Strict refuses unknown fields, as a json.Decoder with
// DisallowUnknownFields.
var Strict = sonic.Config{DisallowUnknownFields: true, CopyString: true, ValidateString: true}.Froze()

// Lenient accepts unknown fields, as json.Unmarshal.
var Lenient = sonic.Config{CopyString: true, ValidateString: true}.Froze()
