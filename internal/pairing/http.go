package pairing

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// Join puts the player in a pool (POST /api/pool, a protocol.PoolSpec)
// and takes him out of any other; asking again keeps his wait. A rated
// pool needs an account signed in. It answers his protocol.PoolStatus.
func (s *Service) Join(w http.ResponseWriter, r *http.Request) {
	who, err := s.env.Who(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	var spec protocol.PoolSpec
	if err := httpapi.ReadJSON(w, r, &spec); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if err := Check(spec); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if spec.Rated && who.Account == "" {
		httpapi.WriteError(w, httpapi.Refuse(ErrNotRated, "a rated game is between accounts: sign in, or choose an unrated game"))
		return
	}
	who.Rating = NewRating
	if who.Account != "" {
		if who.Rating, err = s.env.Rating(r.Context(), who.Account, spec.Rules); err != nil {
			httpapi.WriteError(w, err)
			return
		}
	}
	s.cancelAll(cancel{Key: who.Key, Except: Name(spec)})
	st, err := s.ask(r.Context(), request{Op: "join", Pool: spec, Seeker: who})
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, st)
}

// Status is the player's place in a pool (GET
// /api/pool?rules=icf&clock=30&rated=true): how many wait there, whether
// he does, and once paired his table.
func (s *Service) Status(w http.ResponseWriter, r *http.Request) {
	who, err := s.env.Who(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	spec, err := ParseQuery(r.URL.Query())
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	st, err := s.ask(r.Context(), request{Op: "status", Pool: spec, Seeker: who})
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, st)
}

// Cancel takes the player out of every pool (DELETE /api/pool).
func (s *Service) Cancel(w http.ResponseWriter, r *http.Request) {
	who, err := s.env.Who(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	s.cancelAll(cancel{Key: who.Key})
	w.WriteHeader(http.StatusNoContent)
}

// ParseQuery reads a pool from a query: rules, clock (seconds) and rated
// (true or false, false if left out).
func ParseQuery(q url.Values) (protocol.PoolSpec, error) {
	spec := protocol.PoolSpec{Rules: q.Get("rules")}
	var err error
	if spec.Clock, err = strconv.Atoi(q.Get("clock")); err != nil {
		return spec, httpapi.Refuse(httpapi.ErrBadRequest, "clock=15 or clock=30: the seconds a stroke, not %q", q.Get("clock"))
	}
	if v := q.Get("rated"); v != "" {
		if spec.Rated, err = strconv.ParseBool(v); err != nil {
			return spec, httpapi.Refuse(httpapi.ErrBadRequest, "rated=true or rated=false, not %q", v)
		}
	}
	return spec, Check(spec)
}
