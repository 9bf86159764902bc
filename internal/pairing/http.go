package pairing

import (
	"context"
	"errors"
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
	if err := s.playban(r.Context(), who, spec.Rated); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if who.Rating, err = s.rating(r.Context(), who, spec.Rules); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	s.cancelAll(cancel{Key: who.Key, Except: Name(spec)})
	out, err := s.ask(r.Context(), poolRequest("join", spec, who))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, out.Status)
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
	out, err := s.ask(r.Context(), poolRequest("status", spec, who))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, out.Status)
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

// playban refuses a rated game to a player waiting out a playban.
func (s *Service) playban(ctx context.Context, who Seeker, rated bool) error {
	if !rated || who.Account == "" {
		return nil
	}
	return s.env.Playban(ctx, who.Account)
}

// rating is who's rating in rules: NewRating without an account.
func (s *Service) rating(ctx context.Context, who Seeker, rules string) (int, error) {
	if who.Account == "" {
		return NewRating, nil
	}
	return s.env.Rating(ctx, who.Account, rules)
}

// Seek offers a custom game in the lobby (POST /api/seeks, a
// protocol.SeekSpec), in place of the player's last offer and of his
// places in the pools. A rated one needs an account signed in. It
// answers the protocol.Seek listed.
func (s *Service) Seek(w http.ResponseWriter, r *http.Request) {
	who, err := s.env.Who(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	var spec protocol.SeekSpec
	if err := httpapi.ReadJSON(w, r, &spec); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if err := CheckSeek(spec); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if spec.Rated && who.Account == "" {
		httpapi.WriteError(w, httpapi.Refuse(ErrNotRated, "a rated game is between accounts: sign in, or offer an unrated game"))
		return
	}
	if err := s.playban(r.Context(), who, spec.Rated); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if who.Rating, err = s.rating(r.Context(), who, spec.Rules); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	s.cancelAll(cancel{Key: who.Key, Except: seeksName})
	out, err := s.ask(r.Context(), request{Target: seeksName, Op: "seek", Seeker: who, Seek: &spec})
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, out.Seeks[0])
}

// Seeks lists the games offered (GET /api/seeks), oldest first.
func (s *Service) Seeks(w http.ResponseWriter, r *http.Request) {
	who, err := s.env.Who(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	out, err := s.ask(r.Context(), request{Target: seeksName, Op: "list", Seeker: who})
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if out.Seeks == nil {
		out.Seeks = []protocol.Seek{}
	}
	httpapi.WriteJSON(w, http.StatusOK, out.Seeks)
}

// Accept takes a game offered (POST /api/seeks/{id}/accept) for a player
// it admits: its table is made, both seated, its player told over the
// live channel. It answers the taker's protocol.PoolStatus, with the
// link of his seat.
func (s *Service) Accept(w http.ResponseWriter, r *http.Request) {
	who, err := s.env.Who(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	// Whether the seek is rated is known where it is held: a taker who may
	// not play rated now goes with why.
	ban := s.playban(r.Context(), who, true)
	if errors.Is(ban, ErrPlayban) {
		who.Playban = ban.Error()
	} else if err := ban; err != nil {
		httpapi.WriteError(w, err)
		return
	}
	q := request{Target: seeksName, Op: "accept", ID: r.PathValue("id"), Seeker: who, Ratings: map[string]int{}}
	for _, rules := range Rules {
		if q.Ratings[rules], err = s.rating(r.Context(), who, rules); err != nil {
			httpapi.WriteError(w, err)
			return
		}
	}
	out, err := s.ask(r.Context(), q)
	if code, _ := httpapi.Code(err); code == "playban" && who.Playban != "" {
		// The holder refused the playban: answered as it was found here,
		// with its values and its wait.
		err = ban
	}
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	s.cancelAll(cancel{Key: who.Key})
	httpapi.WriteJSON(w, http.StatusOK, out.Status)
}
