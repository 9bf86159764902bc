package server

import (
	"context"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/rating"
	"github.com/carrom-game/carrom/internal/table"
)

// The tables in play are internal/table's; here is what the server gives
// them (their table.Env: the store, the clock, the accounts, the metrics,
// the fan-out to the connections) and what it says of them.

// Bot chooses the actions of a computer seat (table.Bot), and BotFactory
// makes the player of a level (Config.Bots).
type (
	Bot        = table.Bot
	BotFactory = table.BotFactory
)

// MaxBacklog, SeatsEvery and ComputerWait are the table's
// (table.MaxBacklog, table.SeatsEvery, table.ComputerWait).
const (
	MaxBacklog   = table.MaxBacklog
	SeatsEvery   = table.SeatsEvery
	ComputerWait = table.ComputerWait
)

// Errors of table requests, with the HTTP status each answers with; those
// a player meets at the table with a code the page says in his language.
// The table's refusals are its own (table.ErrBadConfig, …).
var (
	ErrBadConfig  = table.ErrBadConfig
	ErrNotYours   = table.ErrNotYours
	ErrSeatTaken  = table.ErrSeatTaken
	ErrNotStarted = table.ErrNotStarted
	ErrNoSeat     = table.ErrNoSeat
	ErrTableGone  = httpapi.NewCoded(http.StatusGone, "table_gone", "table closed")
	ErrTooMany    = httpapi.ErrTooMany
)

// A client is known to its table by its identity (table.Client).
func (c *client) Token() string    { return c.token }
func (c *client) Nickname() string { return c.nickname }
func (c *client) Account() string  { return c.account }

// newTableEnv is what the server's tables reach of it.
func newTableEnv(s *Server) *table.Env {
	env := &table.Env{
		Store: s.store, Fanout: connections{}, Clock: s.clock, Players: seatPlayers{s.acct},
		Metrics:  table.Metrics{Clients: s.metrics.clients, Strokes: s.metrics.strokes, Latency: s.metrics.latency},
		Searches: table.Searches{WG: &s.wg, All: s.searching, Demo: s.demoing},
		Finished: s.finishes.publish, OutOfPlay: s.outOfPlay, ErrorMessage: errorMessage, Keeps: keeps,
		Grace: s.grace, Pace: s.pace, Bots: s.bots, Physics: s.physics, Log: s.log,
	}
	if s.accounts != nil {
		env.Pairs = ratedPairs{s.accounts}
	}
	return env
}

// seatPlayers are the accounts the browsers play as, for a rated seat.
type seatPlayers struct{ acct *account.Service }

func (p seatPlayers) PlaysAs(ctx context.Context, token string) (table.Player, error) {
	a, err := p.acct.PlaysAs(ctx, token)
	return table.Player{ID: a.ID, Name: a.Name}, err
}

// ratedPairs counts the rated matches of two accounts against each other
// on a day, against the rating's cap (rating.PerPair).
type ratedPairs struct{ accounts Accounts }

func (p ratedPairs) PlayedToday(ctx context.Context, a, b string, at time.Time) (int, bool, error) {
	n, err := p.accounts.RatedBetween(ctx, a, b, rating.Day(at))
	return n, n >= rating.PerPair, err
}
