package api

import (
	"net/http"
	"time"

	"github.com/evokg/evokg"
)

// LearnerProfileState is the learner profile in force for a namespace's
// model: the stored one, or, when none is stored (Stored false), the
// default profile, without calibration or update time.
type LearnerProfileState struct {
	Namespace string               `json:"namespace"`
	Model     string               `json:"model"`
	Stored    bool                 `json:"stored"`
	Profile   evokg.LearnerProfile `json:"profile"`
	// Calibration is the measurement that chose the profile; nil for a
	// profile set by hand or the default.
	Calibration *evokg.Calibration `json:"calibration,omitempty"`
	UpdatedAt   *time.Time         `json:"updated_at,omitempty"`
}

func stored(sp evokg.StoredProfile) LearnerProfileState {
	at := sp.UpdatedAt
	return LearnerProfileState{Namespace: sp.Namespace, Model: sp.Model, Stored: true, Profile: sp.Profile,
		Calibration: sp.Calibration, UpdatedAt: &at}
}

// profileModel is the model a learner-profile request is about: ?model=,
// else the learner model.
func (s *server) profileModel(r *http.Request) string {
	if m := r.URL.Query().Get("model"); m != "" {
		return m
	}
	return s.deps.Profiles.LearnerModel()
}

func (s *server) getProfile(w http.ResponseWriter, r *http.Request) {
	model := s.profileModel(r)
	sp, err := s.deps.Profiles.Get(r.Context(), ns(r), model)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, stored(sp))
	case evokg.ErrorCode(err) == evokg.ENOTFOUND:
		writeJSON(w, http.StatusOK, LearnerProfileState{Namespace: ns(r), Model: model, Profile: evokg.DefaultProfile})
	default:
		s.fail(w, r, err)
	}
}

func (s *server) putProfile(w http.ResponseWriter, r *http.Request) {
	var p evokg.LearnerProfile
	err := decodeJSON(r, &p)
	if err == nil {
		err = p.Validate("")
	}
	var sp evokg.StoredProfile
	if err == nil {
		sp, err = s.deps.Profiles.Put(r.Context(), evokg.StoredProfile{Namespace: ns(r), Model: s.profileModel(r), Profile: p})
	}
	respond(s, w, r, http.StatusOK, stored(sp), err)
}

func (s *server) calibrateProfile(w http.ResponseWriter, r *http.Request) {
	var req evokg.CalibrationRequest
	err := decodeJSON(r, &req)
	if err == nil {
		err = req.Validate()
	}
	var sp evokg.StoredProfile
	if err == nil {
		sp, err = s.deps.Profiles.Calibrate(r.Context(), ns(r), req)
	}
	respond(s, w, r, http.StatusOK, stored(sp), err)
}
