package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// ingestBody is an experience as posted: its input form, plus the members
// a stored experience adds, which the document accepts and the server
// ignores (a client may post a record it read back).
type ingestBody struct {
	evokg.ExperienceInput
	ID        *uuid.UUID `json:"id,omitempty"`
	Namespace string     `json:"namespace,omitempty"`
	Version   int        `json:"version,omitempty"`
	CreatedAt *time.Time `json:"created_at,omitempty"`
}

func (s *server) ingest(w http.ResponseWriter, r *http.Request) {
	var body ingestBody
	if err := decodeIngestJSON(r, &body); err != nil {
		s.fail(w, r, err)
		return
	}
	receipt, err := s.deps.Experiences.Ingest(r.Context(), ns(r), body.ExperienceInput, idempotencyKey(r))
	respond(s, w, r, http.StatusAccepted, receipt, err)
}

// batchResponse is the answer to a batch ingest.
type batchResponse struct {
	Items []evokg.IngestReceipt `json:"items"`
}

func (s *server) ingestBatch(w http.ResponseWriter, r *http.Request) {
	reqs, err := s.decodeBatch(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	receipts, err := s.deps.Experiences.IngestBatch(r.Context(), ns(r), reqs, idempotencyKey(r))
	respond(s, w, r, http.StatusAccepted, batchResponse{Items: receipts}, err)
}

// decodeBatch reads a JSON array or NDJSON of experiences (conform has
// checked each against the document).
func (s *server) decodeBatch(r *http.Request) ([]evokg.ExperienceInput, error) {
	var (
		bodies []ingestBody
		err    error
	)
	if isNDJSON(r.Header.Get("Content-Type")) {
		bodies, err = decodeNDJSON(r.Body, s.cfg.MaxBatchItems)
	} else {
		err = decodeIngestJSON(r, &bodies)
	}
	if err != nil {
		return nil, err
	}
	if len(bodies) == 0 || len(bodies) > s.cfg.MaxBatchItems {
		return nil, evokg.Errorf(evokg.ETOOLARGE, "a batch holds 1 to %d experiences, got %d", s.cfg.MaxBatchItems, len(bodies))
	}
	reqs := make([]evokg.ExperienceInput, len(bodies))
	for i, b := range bodies {
		reqs[i] = b.ExperienceInput
	}
	return reqs, nil
}

// decodeNDJSON reads one experience per non-blank line, at most max+1 lines.
func decodeNDJSON(body io.Reader, max int) ([]ingestBody, error) {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), DefaultMaxBodyBytes)
	var reqs []ingestBody
	for line := 0; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if len(reqs) == max {
			return nil, evokg.Errorf(evokg.ETOOLARGE, "a batch holds at most %d experiences", max)
		}
		var req ingestBody
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return nil, prefixFields(decodeError(err), pointerAt("", line))
		}
		reqs = append(reqs, req)
	}
	if err := sc.Err(); err != nil {
		return nil, decodeError(err)
	}
	return reqs, nil
}

func (s *server) getExperience(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	var exp *evokg.StoredExperience
	if err == nil {
		exp, err = s.deps.Experiences.Get(r.Context(), ns(r), id)
	}
	respond(s, w, r, http.StatusOK, exp, err)
}

func (s *server) listExperiences(w http.ResponseWriter, r *http.Request) {
	q, err := experienceQuery(r)
	var page evokg.ExperiencePage
	if err == nil {
		page, err = s.deps.Experiences.List(r.Context(), ns(r), q)
	}
	if page.Items == nil {
		page.Items = []evokg.StoredExperience{}
	}
	respond(s, w, r, http.StatusOK, page, err)
}

func experienceQuery(r *http.Request) (evokg.ExperienceFilter, error) {
	qv := r.URL.Query()
	q := evokg.ExperienceFilter{Outcome: evokg.Outcome(qv.Get("outcome")), TaskType: qv.Get("task_type"), Cursor: qv.Get("cursor")}
	var v evokg.FieldErrors
	v.Check(q.Outcome == "" || q.Outcome.Valid(), "/outcome", "not a memory class")
	q.Limit = pageLimit(&v, qv.Get("limit"))
	return q, v.Err()
}

func (s *server) deleteExperience(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.deps.Experiences.Delete(r.Context(), ns(r), id)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
