package api

import (
	"errors"
	"mime"
	"net/http"

	"github.com/evokg/evokg"
)

// exportNamespace streams the namespace as NDJSON. An error before the
// first byte is a problem; one after it ends the stream without its end
// record, which an import refuses.
func (s *server) exportNamespace(w http.ResponseWriter, r *http.Request) {
	out := &lazyStream{w: w}
	_, err := s.deps.Transfer.Export(r.Context(), ns(r), out)
	switch {
	case err == nil:
	case !out.started:
		s.fail(w, r, err)
	default:
		s.logger.ErrorContext(r.Context(), "namespace export failed after its stream began", "namespace", ns(r), "error", err)
	}
}

// lazyStream sends the status and content type with the first byte.
type lazyStream struct {
	w       http.ResponseWriter
	started bool
}

func (l *lazyStream) Write(p []byte) (int, error) {
	if !l.started {
		l.w.Header().Set("Content-Type", "application/x-ndjson")
		l.w.WriteHeader(http.StatusOK)
		l.started = true
	}
	return l.w.Write(p)
}

// importNamespace reads an export stream into the (empty) namespace.
func (s *server) importNamespace(w http.ResponseWriter, r *http.Request) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !isNDJSON(mt) {
		s.fail(w, r, evokg.Errorf(codeUnsupportedMediaType, "the body must be application/x-ndjson (an export stream), not %q", mt))
		return
	}
	counts, err := s.deps.Transfer.Import(r.Context(), ns(r), r.Body)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		err = evokg.Errorf(evokg.ETOOLARGE, "the body is larger than %d bytes: import larger namespaces with `evokg namespace import`", tooLarge.Limit)
	}
	respond(s, w, r, http.StatusOK, counts, err)
}
