package challenge

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// Store keeps the challenges, and finds the accounts they are between.
// internal/store implements it; a challenge or an account that does not
// exist is carrom.ErrNotFound.
type Store interface {
	AccountByName(ctx context.Context, name string) (account.Account, error)
	CreateChallenge(ctx context.Context, c Challenge) error
	Challenge(ctx context.Context, id string) (Challenge, error)
	Challenges(ctx context.Context, accountID string) ([]Challenge, error)
	// SetChallenge answers an open challenge (carrom.ErrNotFound if it is
	// no longer open), with the table made for it if accepted.
	SetChallenge(ctx context.Context, id string, status Status, tableID string) error
	// ReopenChallenge opens again a challenge accepted with tableID.
	ReopenChallenge(ctx context.Context, id, tableID string) error
}

// Tables makes the table of an accepted challenge.
type Tables interface {
	// Check says why the server would not make a table of cfg, if so.
	Check(cfg protocol.TableConfig) error
	// Start makes and starts table id for its owner (an identity token),
	// its seats in claims taken already.
	Start(ctx context.Context, id, owner string, cfg protocol.TableConfig, claims []carrom.SeatRecord) error
}

// Pusher tells an account's pages, on their live channel, of a challenge
// to or from it made or answered.
type Pusher interface {
	PushChallenge(accountID string, v View)
}

// Identity is who a request comes from, as the server's middleware found
// it.
type Identity interface {
	// Token is the browser's identity token.
	Token(r *http.Request) string
	// Account is the account the request's session is signed in as, or
	// the error to answer (not signed in).
	Account(r *http.Request) (account.Account, error)
}

// Clock is the server's time.
type Clock interface{ Now() time.Time }

// Env is what the challenges need of the server.
type Env struct {
	Store    Store
	Tables   Tables
	Pusher   Pusher
	Identity Identity
	Clock    Clock
	Log      *slog.Logger
	// Playban, if not nil, refuses rated games to an account waiting out
	// a playban (docs/accounts.md), in words with the time left.
	Playban func(ctx context.Context, accountID string) error
}

// Challenges serves the challenges between accounts: /api/challenges.
type Challenges struct{ env Env }

// New makes the challenges' handlers.
func New(env Env) *Challenges { return &Challenges{env: env} }

// Errors of the challenges.
var (
	// ErrNotInvited refuses an answer from an account a challenge is not
	// for.
	ErrNotInvited = httpapi.NewCoded(http.StatusForbidden, "not_invited", "not for this account")
	// ErrAnswered refuses an answer to a challenge answered already.
	ErrAnswered = httpapi.NewCoded(http.StatusConflict, "answered", "answered already")
	// ErrNoPlayer refuses a challenge to a name no account has.
	ErrNoPlayer = httpapi.NewCoded(http.StatusNotFound, "no_player", "no such player")
	// ErrSelf refuses a challenge to the challenger himself.
	ErrSelf = httpapi.NewCoded(http.StatusBadRequest, "challenge_self", "a challenge is to another player")
	// ErrSameBrowser refuses an acceptance from the challenger's own browser.
	ErrSameBrowser = httpapi.NewCoded(http.StatusConflict, "same_browser", "the challenger's browser cannot take the other seat")
)

// fail answers an error as JSON in plain words, with its status.
func fail(w http.ResponseWriter, err error) {
	httpapi.WriteError(w, httpapi.Known(err, httpapi.Kind{Err: carrom.ErrNotFound, Status: http.StatusNotFound}))
}

func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// push tells both accounts of a challenge made or answered, each with the
// link of its own seat.
func (h *Challenges) push(c Challenge) {
	for _, acct := range []string{c.To, c.From} {
		h.env.Pusher.PushChallenge(acct, view(c, acct))
	}
}

// View is a challenge as the API and the live channel show it to one
// of its accounts.
type View struct {
	ID      string    `json:"id"`
	From    string    `json:"from"`
	To      string    `json:"to"`
	Rules   string    `json:"rules"`
	Clock   int       `json:"clock"`
	Rated   bool      `json:"rated"`
	Status  Status    `json:"status"`
	Table   string    `json:"table,omitempty"`
	Link    string    `json:"link,omitempty"` // the table with the seat of whoever asks
	Created time.Time `json:"created"`
}

// view is c as account me sees it.
func view(c Challenge, me string) View {
	var cfg protocol.TableConfig
	json.Unmarshal(c.Config, &cfg)
	out := View{ID: c.ID, From: c.FromName, To: c.ToName, Rules: cfg.Rules, Clock: cfg.Clock, Rated: cfg.Rated, Status: c.Status, Table: c.TableID, Created: c.Created}
	if c.TableID != "" {
		seat := 0
		if me == c.To {
			seat = 1
		}
		out.Link = fmt.Sprintf("/t/%s?seat=%d", c.TableID, seat)
	}
	return out
}

// Create invites a named player to a two-seat table with chosen rules
// and clock: {"to": NAME, "rules": "icf", "clock": 0, "rated": true}.
func (h *Challenges) Create(w http.ResponseWriter, r *http.Request) {
	me, err := h.env.Identity.Account(r)
	if err != nil {
		fail(w, err)
		return
	}
	var body struct {
		To    string `json:"to"`
		Rules string `json:"rules"`
		Clock int    `json:"clock"`
		Rated bool   `json:"rated"`
	}
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
		fail(w, err)
		return
	}
	to, err := h.env.Store.AccountByName(r.Context(), body.To)
	if err != nil {
		if errors.Is(err, carrom.ErrNotFound) {
			err = httpapi.Refuse(ErrNoPlayer, "no player is named %q", body.To)
		}
		fail(w, err)
		return
	}
	if to.ID == me.ID {
		fail(w, ErrSelf)
		return
	}
	cfg := protocol.TableConfig{Rules: body.Rules, Players: 2, Clock: body.Clock, Rated: body.Rated, Seats: []protocol.SeatConfig{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatHuman}}}
	if err := h.env.Tables.Check(cfg); err != nil {
		fail(w, err)
		return
	}
	if err := h.playban(r.Context(), me.ID, cfg); err != nil {
		fail(w, err)
		return
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		fail(w, err)
		return
	}
	c := Challenge{ID: newID(8), From: me.ID, To: to.ID, FromName: me.Name, ToName: to.Name, FromToken: h.env.Identity.Token(r), Config: data, Status: Open, Created: h.env.Clock.Now()}
	if err := h.env.Store.CreateChallenge(r.Context(), c); err != nil {
		fail(w, err)
		return
	}
	h.push(c)
	httpapi.WriteJSON(w, http.StatusCreated, view(c, me.ID))
}

// playban refuses a rated table's game to an account waiting out a
// playban.
func (h *Challenges) playban(ctx context.Context, accountID string, cfg protocol.TableConfig) error {
	if !cfg.Rated || h.env.Playban == nil {
		return nil
	}
	return h.env.Playban(ctx, accountID)
}

func (h *Challenges) List(w http.ResponseWriter, r *http.Request) {
	me, err := h.env.Identity.Account(r)
	if err != nil {
		fail(w, err)
		return
	}
	cs, err := h.env.Store.Challenges(r.Context(), me.ID)
	if err != nil {
		fail(w, err)
		return
	}
	out := []View{}
	for _, c := range cs {
		out = append(out, view(c, me.ID))
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// Answer accepts or declines a challenge (its invitee) or
// withdraws it (its sender). Accepting makes the table, the challenger at
// seat 0 from the browser he challenged from, the invitee at seat 1.
func (h *Challenges) Answer(w http.ResponseWriter, r *http.Request) {
	me, err := h.env.Identity.Account(r)
	if err != nil {
		fail(w, err)
		return
	}
	ctx := r.Context()
	c, err := h.env.Store.Challenge(ctx, r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	answer := r.PathValue("answer")
	switch {
	case answer != "accept" && answer != "decline" && answer != "withdraw":
		fail(w, httpapi.Refuse(httpapi.ErrBadRequest, "a challenge is answered accept, decline or withdraw, not %q", answer))
		return
	case answer == "withdraw" && me.ID != c.From, answer != "withdraw" && me.ID != c.To:
		fail(w, httpapi.Refuse(ErrNotInvited, "this challenge is not for this account to %s", answer))
		return
	case c.Status != Open:
		fail(w, httpapi.Refuse(ErrAnswered, "this challenge is %s already", c.Status))
		return
	}
	status := map[string]Status{"accept": Accepted, "decline": Declined, "withdraw": Withdrawn}[answer]
	var (
		cfg    protocol.TableConfig
		claims []carrom.SeatRecord
	)
	if answer == "accept" {
		if err := json.Unmarshal(c.Config, &cfg); err != nil {
			fail(w, fmt.Errorf("challenge %s: %w", c.ID, err))
			return
		}
		if err := h.playban(ctx, me.ID, cfg); err != nil {
			fail(w, err)
			return
		}
		claims = []carrom.SeatRecord{{Seat: 0, Token: c.FromToken, Nickname: c.FromName}, {Seat: 1, Token: h.env.Identity.Token(r), Nickname: me.Name}}
		if c.FromToken == h.env.Identity.Token(r) {
			fail(w, ErrSameBrowser)
			return
		}
		// The table's ID is the challenge's first, in one step, so that of
		// two answers racing one makes the table and the other is refused.
		c.TableID = newID(6)
	}
	if err := h.env.Store.SetChallenge(ctx, c.ID, status, c.TableID); err != nil {
		if errors.Is(err, carrom.ErrNotFound) {
			err = httpapi.Refuse(ErrAnswered, "this challenge has been answered already")
		}
		fail(w, err)
		return
	}
	if answer == "accept" {
		if err := h.env.Tables.Start(ctx, c.TableID, h.env.Identity.Token(r), cfg, claims); err != nil {
			if rerr := h.env.Store.ReopenChallenge(context.WithoutCancel(ctx), c.ID, c.TableID); rerr != nil {
				h.env.Log.Error("opening again a challenge whose table was not made", "challenge", c.ID, "err", rerr)
			}
			fail(w, err)
			return
		}
	}
	c.Status = status
	h.push(c)
	httpapi.WriteJSON(w, http.StatusOK, view(c, me.ID))
}
