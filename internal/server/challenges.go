package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

type challengeJSON struct {
	ID      string                 `json:"id"`
	From    string                 `json:"from"`
	To      string                 `json:"to"`
	Rules   string                 `json:"rules"`
	Clock   int                    `json:"clock"`
	Rated   bool                   `json:"rated"`
	Status  carrom.ChallengeStatus `json:"status"`
	Table   string                 `json:"table,omitempty"`
	Link    string                 `json:"link,omitempty"` // the table with the seat of whoever asks
	Created time.Time              `json:"created"`
}

func (s *Server) challengeOut(c carrom.Challenge, me string) challengeJSON {
	var cfg protocol.TableConfig
	json.Unmarshal(c.Config, &cfg)
	out := challengeJSON{ID: c.ID, From: c.FromName, To: c.ToName, Rules: cfg.Rules, Clock: cfg.Clock, Rated: cfg.Rated, Status: c.Status, Table: c.TableID, Created: c.Created}
	if c.TableID != "" {
		seat := 0
		if me == c.To {
			seat = 1
		}
		out.Link = fmt.Sprintf("/t/%s?seat=%d", c.TableID, seat)
	}
	return out
}

// challenge invites a named player to a two-seat table with chosen rules
// and clock: {"to": NAME, "rules": "icf", "clock": 0, "rated": true}.
func (s *Server) challenge(w http.ResponseWriter, r *http.Request) {
	v, err := account.Of(r)
	if err != nil {
		apiError(w, err)
		return
	}
	var body struct {
		To    string `json:"to"`
		Rules string `json:"rules"`
		Clock int    `json:"clock"`
		Rated bool   `json:"rated"`
	}
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
		apiError(w, err)
		return
	}
	to, err := s.accounts.AccountByName(r.Context(), body.To)
	if err != nil {
		apiError(w, noPlayer(body.To, err))
		return
	}
	if to.ID == v.Account.ID {
		apiError(w, httpapi.Refuse(httpapi.ErrBadRequest, "a challenge is to another player"))
		return
	}
	cfg := protocol.TableConfig{Rules: body.Rules, Players: 2, Clock: body.Clock, Rated: body.Rated, Seats: []protocol.SeatConfig{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatHuman}}}
	if _, err := gameConfig(cfg, s.physics); err != nil {
		apiError(w, err)
		return
	}
	if err := s.checkRated(cfg); err != nil {
		apiError(w, err)
		return
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		apiError(w, err)
		return
	}
	c := carrom.Challenge{ID: newID(8), From: v.Account.ID, To: to.ID, FromName: v.Account.Name, ToName: to.Name, FromToken: token(r), Config: data, Status: carrom.ChallengeOpen, Created: s.clock.Now()}
	if err := s.accounts.CreateChallenge(r.Context(), c); err != nil {
		apiError(w, err)
		return
	}
	s.pushChallenge(c)
	httpapi.WriteJSON(w, http.StatusCreated, s.challengeOut(c, v.Account.ID))
}

func (s *Server) listChallenges(w http.ResponseWriter, r *http.Request) {
	v, err := account.Of(r)
	if err != nil {
		apiError(w, err)
		return
	}
	cs, err := s.accounts.Challenges(r.Context(), v.Account.ID)
	if err != nil {
		apiError(w, err)
		return
	}
	out := []challengeJSON{}
	for _, c := range cs {
		out = append(out, s.challengeOut(c, v.Account.ID))
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// answerChallenge accepts or declines a challenge (its invitee) or
// withdraws it (its sender). Accepting makes the table, the challenger at
// seat 0 from the browser he challenged from, the invitee at seat 1.
func (s *Server) answerChallenge(w http.ResponseWriter, r *http.Request) {
	v, err := account.Of(r)
	if err != nil {
		apiError(w, err)
		return
	}
	ctx := r.Context()
	c, err := s.accounts.Challenge(ctx, r.PathValue("id"))
	if err != nil {
		apiError(w, err)
		return
	}
	answer := r.PathValue("answer")
	switch {
	case answer != "accept" && answer != "decline" && answer != "withdraw":
		apiError(w, httpapi.Refuse(httpapi.ErrBadRequest, "a challenge is answered accept, decline or withdraw, not %q", answer))
		return
	case answer == "withdraw" && v.Account.ID != c.From, answer != "withdraw" && v.Account.ID != c.To:
		apiError(w, httpapi.Refuse(ErrNotInvited, "this challenge is not for this account to %s", answer))
		return
	case c.Status != carrom.ChallengeOpen:
		apiError(w, httpapi.Refuse(ErrSeatTaken, "this challenge is %s already", c.Status))
		return
	}
	status := map[string]carrom.ChallengeStatus{"accept": carrom.ChallengeAccepted, "decline": carrom.ChallengeDeclined, "withdraw": carrom.ChallengeWithdrawn}[answer]
	var (
		cfg    protocol.TableConfig
		claims []carrom.SeatRecord
	)
	if answer == "accept" {
		if err := json.Unmarshal(c.Config, &cfg); err != nil {
			apiError(w, fmt.Errorf("challenge %s: %w", c.ID, err))
			return
		}
		claims = []carrom.SeatRecord{{Seat: 0, Token: c.FromToken, Nickname: c.FromName}, {Seat: 1, Token: token(r), Nickname: v.Account.Name}}
		if c.FromToken == token(r) {
			apiError(w, httpapi.Refuse(ErrSeatTaken, "the challenger's browser cannot take the other seat"))
			return
		}
		// The table's ID is the challenge's first, in one step, so that of
		// two answers racing one makes the table and the other is refused.
		c.TableID = newID(6)
	}
	if err := s.accounts.SetChallenge(ctx, c.ID, status, c.TableID); err != nil {
		if errors.Is(err, carrom.ErrNotFound) {
			err = httpapi.Refuse(ErrSeatTaken, "this challenge has been answered already")
		}
		apiError(w, err)
		return
	}
	if answer == "accept" {
		if _, err := s.createAs(ctx, c.TableID, token(r), cfg, claims); err != nil {
			if rerr := s.accounts.ReopenChallenge(context.WithoutCancel(ctx), c.ID, c.TableID); rerr != nil {
				s.log.Error("opening again a challenge whose table was not made", "challenge", c.ID, "err", rerr)
			}
			apiError(w, err)
			return
		}
	}
	c.Status = status
	s.pushChallenge(c)
	httpapi.WriteJSON(w, http.StatusOK, s.challengeOut(c, v.Account.ID))
}
