package tournament

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/record"
)

// roundClock is the rounds' clocks and the hall screen: the Domain's methods of this file, apart.
type roundClock struct{ *Domain }

// The round's countdown, stated in docs/tournaments.md: SoL's rounds are
// 45 minutes with a warning 5 minutes before the end.
const (
	ClockMinutes = 45
	ClockWarning = 5
	// MaxClockMinutes bounds a round's length.
	MaxClockMinutes = 240
)

// ClockStore keeps the rounds' countdowns (internal/store implements it);
// a tournament whose store does not has no countdown.
type ClockStore interface {
	StartTournamentClock(ctx context.Context, c carrom.TournamentClock) error
	// TournamentClock is the latest round's countdown; carrom.ErrNotFound
	// if no round has one.
	TournamentClock(ctx context.Context, id string) (carrom.TournamentClock, error)
}

// ClockView is a round's countdown as the pages show it. LeftMS is
// counted on the server's clock at Now, so that a page counts down from
// it whatever its own clock says.
type ClockView struct {
	Round   int    `json:"round"`
	Started string `json:"started"`
	Ends    string `json:"ends"`
	Minutes int    `json:"minutes"`
	Warning int    `json:"warning"`
	Now     string `json:"now"`
	LeftMS  int64  `json:"left_ms"`
}

// HallView is what the hall's screen shows: the tournament's name and its
// latest round's countdown (null before any is started).
type HallView struct {
	ID    string     `json:"id"`
	Name  string     `json:"name"`
	Clock *ClockView `json:"clock"`
}

func (d roundClock) clockStore() (ClockStore, bool) {
	cs, ok := d.env.Store.(ClockStore)
	return cs, ok
}

// clockView is the latest round's countdown of tournament id, nil if none
// is started.
func (d roundClock) clockView(ctx context.Context, id string) (*ClockView, error) {
	cs, ok := d.clockStore()
	if !ok {
		return nil, nil
	}
	c, err := cs.TournamentClock(ctx, id)
	if errors.Is(err, carrom.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	now := d.env.Now()
	return &ClockView{Round: c.Round, Started: stamp(c.Started), Ends: stamp(c.Ends()), Minutes: c.Minutes, Warning: c.Warning,
		Now: stamp(now), LeftMS: max(0, c.Ends().Sub(now).Milliseconds())}, nil
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

type clockBody struct {
	Minutes *int `json:"minutes"`
	Warning *int `json:"warning"`
}

// decodeClock reads a round's countdown: its minutes (ClockMinutes if
// not given) and its warning's (ClockWarning), the warning before the end.
func decodeClock(data []byte) (carrom.TournamentClock, error) {
	var b clockBody
	c := carrom.TournamentClock{Minutes: ClockMinutes, Warning: ClockWarning}
	if err := record.DecodeJSON(data, &b); err != nil {
		return c, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	if b.Minutes != nil {
		c.Minutes = *b.Minutes
	}
	if b.Warning != nil {
		c.Warning = *b.Warning
	}
	if c.Minutes < 1 || c.Minutes > MaxClockMinutes {
		return c, httpapi.RefuseCoded(ErrBad, "clock_minutes", map[string]any{"Max": MaxClockMinutes}, "minutes: %d; want 1 to %d", c.Minutes, MaxClockMinutes)
	}
	if c.Warning < 0 || c.Warning >= c.Minutes {
		return c, httpapi.RefuseCoded(ErrBad, "clock_warning", map[string]any{"Minutes": c.Minutes}, "warning: %d minutes before the end of a %d-minute round; want 0 to %d", c.Warning, c.Minutes, c.Minutes-1)
	}
	return c, nil
}

// startClock starts the countdown of the path's round now, on the
// server's clock, over any it had; the hall's screens are told at once.
func (d roundClock) startClock(w http.ResponseWriter, r *http.Request) {
	cs, ok := d.clockStore()
	if !ok {
		httpapi.WriteError(w, httpapi.RefuseCoded(ErrConflict, "no_clocks", nil, "this server keeps no round clocks"))
		return
	}
	s, round, err := d.organisedRound(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	c, err := decoded(w, r, decodeClock)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	c.Tournament, c.Round, c.Started = s.t.ID, round, d.env.Now()
	if err := cs.StartTournamentClock(r.Context(), c); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if d.env.Announce != nil {
		d.env.Announce(s.t.ID)
	}
	if s.t.Format == FormatBell {
		bells(d).watch(c)
	}
	d.answer(w, r, s.t.ID, http.StatusOK)
}

// hall answers the hall's screen, to anyone.
func (d roundClock) hall(w http.ResponseWriter, r *http.Request) {
	t, err := d.env.Store.Tournament(r.Context(), r.PathValue("id"))
	if errors.Is(err, carrom.ErrNotFound) {
		err = ErrNoTournament
	}
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	v := HallView{ID: t.ID, Name: t.Name}
	if v.Clock, err = d.clockView(r.Context(), t.ID); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, v)
}
