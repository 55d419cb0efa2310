package api

import (
	"errors"
	"mime"
	"net/http"

	"github.com/evokg/evokg"
)

func (s *server) createNamespace(w http.ResponseWriter, r *http.Request) {
	var req evokg.Namespace
	if err := decodeJSON(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkNamespace(r.Context(), req.Name); err != nil {
		s.fail(w, r, err)
		return
	}
	ns, err := s.deps.Namespaces.CreateNamespace(r.Context(), evokg.Namespace{Name: req.Name, Description: req.Description, Probation: req.Probation}, keyOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Location", "/v1/namespaces/"+ns.Name)
	writeJSON(w, http.StatusCreated, ns)
}

func (s *server) getNamespace(w http.ResponseWriter, r *http.Request) {
	got, _ := namespaceFrom(r.Context()) // read by namespaceAccess
	writeJSON(w, http.StatusOK, got)
}

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
