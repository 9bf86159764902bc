package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/rating"
	"github.com/carrom-game/carrom/internal/table"
)

// ratedRules and sidesRules are the rule sets with ratings, and those of
// them played by sides, so also in doubles (rating.Rules, rating.SidesRules).
var ratedRules, sidesRules = rating.Rules, rating.SidesRules

// checkRated refuses a rated table that cannot be rated: one without
// accounts on the server, with a computer seat (its levels are unrated,
// docs/accounts.md says why), or of a rule set without ratings.
func (s *Server) checkRated(cfg protocol.TableConfig) error {
	if !cfg.Rated {
		return nil
	}
	switch {
	case s.accounts == nil:
		return fmt.Errorf("server: this server keeps no accounts, so no ratings: %w", ErrBadConfig)
	case !slices.Contains(ratedRules, cfg.Rules):
		return fmt.Errorf("server: rules %q are not rated (rated: %s): %w", cfg.Rules, strings.Join(ratedRules, ", "), ErrBadConfig)
	}
	if !slices.Contains(sidesRules, cfg.Rules) && cfg.Players != 2 {
		return fmt.Errorf("server: rules %q are rated between two players only: %w", cfg.Rules, ErrBadConfig)
	}
	for i, sc := range cfg.Seats {
		if sc.Kind != protocol.SeatHuman {
			return fmt.Errorf("server: seat %d: a rated match is between accounts; the computer levels are unrated: %w", i, ErrBadConfig)
		}
	}
	return nil
}

// ErrNotInvited refuses a seat or an answer to someone it is not for.
var ErrNotInvited = httpapi.New(http.StatusForbidden, "not for this account")

// rateFinished rates a rated table's finished match, from the accounts
// whose sessions its seats' browsers hold now: a seat whose browser has
// signed out, been signed out by a new password, or signed in as another
// account than the one that took the seat leaves the match unrated, and
// so do a match too short (rating.TooShort) and one past its pair's rated
// matches of the day (rating.PerPair). Why is told the table's players.
func (s *Server) rateFinished(ctx context.Context, f table.Finished) {
	if !f.Rated || s.accounts == nil || f.Winner < 0 {
		return
	}
	log := s.log.With("table", f.Table)
	unrated := s.rateTable(ctx, log, f)
	if unrated == "" {
		return
	}
	if t := s.table(f.Table); t != nil {
		t.Unrated(unrated)
	}
}

// rateTable rates a finished match of a table; it returns why the match
// is not rated, or "".
func (s *Server) rateTable(ctx context.Context, log *slog.Logger, f table.Finished) string {
	if why := rating.TooShort(f.Strokes, f.Boards); why != "" {
		log.Info("a rated match left unrated: too short", "strokes", f.Strokes)
		return why
	}
	m := rating.Match{TableID: f.Table, Rules: f.Rules, Winner: f.Winner, At: f.At, PerPair: rating.PerPair}
	for i, seat := range f.Seats {
		a, err := s.acct.PlaysAs(ctx, seat.Token)
		if err == nil && a.Name != seat.Nickname {
			err = fmt.Errorf("the seat was taken by %q, its browser plays as %q now", seat.Nickname, a.Name)
		}
		if err != nil {
			log.Warn("a rated match left unrated: a seat's browser holds no session of its account", "seat", i, "err", err)
			return fmt.Sprintf("not rated: the browser of seat %d is no longer signed in as the account that took it", i)
		}
		m.Sides[i%2] = append(m.Sides[i%2], a.ID)
	}
	changes, err := s.RateMatch(ctx, m)
	if errors.Is(err, rating.ErrCap) {
		log.Info("a rated match left unrated: the pair's rated matches of the day are played")
		return fmt.Sprintf("not rated: two of its players have played %d rated matches against each other today, the most a day", rating.PerPair)
	}
	if err != nil {
		log.Error("rating the match", "err", err)
		return ""
	}
	log.Info("match rated", "changes", len(changes))
	return ""
}

// RateMatch rates a finished match between accounts under a rule set (an
// online table or a real board's) by the rating's policy (rating.Rate),
// in one transaction of the store. A match rated already is not rated
// again.
func (s *Server) RateMatch(ctx context.Context, m rating.Match) ([]rating.Change, error) {
	if s.accounts == nil {
		return nil, fmt.Errorf("server: this server keeps no accounts: %w", ErrBadConfig)
	}
	if err := rating.Check(m); err != nil {
		return nil, fmt.Errorf("server: %v: %w", err, ErrBadConfig)
	}
	var changes []rating.Change
	err := s.accounts.Rate(ctx, func(l rating.Ledger) error {
		var err error
		changes, err = rating.Rate(l, m)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("server: rate match %s: %w", m.TableID, err)
	}
	return changes, nil
}
