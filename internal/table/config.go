package table

import (
	"fmt"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

// Shown is the configuration as others see it: no seats' keepers, and no
// seed of a rated match still in play.
func Shown(c protocol.TableConfig, over bool) protocol.TableConfig {
	c.Keep = nil
	if c.Rated && !over {
		c.Seed = 0
	}
	return c
}

// Error is a kind of the table's refusals: its sentence, the HTTP status
// it answers with where a request meets it (a table knows no HTTP: the
// number is the API's, docs/protocol.md), and for those a player meets at
// the table a stable code the page says in his language.
type Error struct {
	Status     int
	Code, Text string
}

func (e *Error) Error() string { return e.Text }

// HTTPStatus is the status the error answers with.
func (e *Error) HTTPStatus() int { return e.Status }

// ErrorCode is the error's stable code, "" if none.
func (e *Error) ErrorCode() string { return e.Code }

// refusal is a refusal of kind in words of its own, with a stable code.
type refusal struct {
	text, code string
	kind       error
}

func (r *refusal) Error() string     { return r.text }
func (r *refusal) Unwrap() error     { return r.kind }
func (r *refusal) ErrorCode() string { return r.code }

// refuse is a refusal of kind with code, in the words of format.
func refuse(kind error, code, format string, args ...any) error {
	return &refusal{text: fmt.Sprintf(format, args...), code: code, kind: kind}
}

// Errors of table requests, with the HTTP status each answers with; those
// a player meets at the table with a code the page says in his language.
var (
	ErrBadConfig  = &Error{Status: 400, Text: "bad table configuration"}
	ErrNotYours   = &Error{Status: 403, Code: "not_your_turn", Text: "you do not hold the seat to act"}
	ErrSeatTaken  = &Error{Status: 409, Code: "seat_taken", Text: "seat taken"}
	ErrNotStarted = &Error{Status: 409, Code: "not_started", Text: "waiting for players to take their seats"}
	ErrNoSeat     = &Error{Status: 400, Code: "no_seat", Text: "no such seat"}
	// errNotSignedIn refuses a rated seat to a browser that holds no
	// session of the account it would play as.
	errNotSignedIn = &Error{Status: 401, Code: "not_signed_in", Text: "not signed in"}
	// ErrMessage is wrapped by every error of a client's message.
	ErrMessage = &Error{Status: 400, Text: "bad message"}
	// errMatchOver is rules.ErrMatchIsOver said to the player who acts.
	errMatchOver = &Error{Status: 409, Code: "match_over", Text: "the match is over"}
)

// GameConfig is the game c asks for, or why it is bad.
func GameConfig(c protocol.TableConfig, p physics.Params) (game.Config, error) {
	r, err := rules.ByName(c.Rules)
	if err != nil {
		return game.Config{}, fmt.Errorf("table: %v: %w", err, ErrBadConfig)
	}
	if lo, hi := r.Seats(); c.Players < lo || c.Players > hi || r.Variant == nil && c.Players == 3 {
		return game.Config{}, fmt.Errorf("table: %d players for %s: %w", c.Players, r.Name, ErrBadConfig)
	}
	if c.Clock != 0 && c.Clock != 15 && c.Clock != 30 {
		return game.Config{}, fmt.Errorf("table: clock %d s, want 0, 15 or 30: %w", c.Clock, ErrBadConfig)
	}
	if len(c.Seats) != c.Players {
		return game.Config{}, fmt.Errorf("table: %d seats for %d players: %w", len(c.Seats), c.Players, ErrBadConfig)
	}
	for i, s := range c.Seats {
		if s.Kind != protocol.SeatHuman && s.Kind != protocol.SeatComputer {
			return game.Config{}, fmt.Errorf("table: seat %d kind %q: %w", i, s.Kind, ErrBadConfig)
		}
	}
	return game.Config{Rules: r, Players: c.Players, Physics: p}, nil
}
