package server

import (
	"context"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/pairing"
	"github.com/carrom-game/carrom/internal/table"
)

// Fair play (docs/accounts.md). A rated match that ends before its first
// stroke because a player left it (gone past the grace, or never come:
// RULES TM-3), let his break clock run out, or conceded it, is aborted:
// no winner, not rated, and the table's players are told so. Its player
// who left has it counted against him; past PlaybanAfter of them within
// AbortWindow he waits before his next rated game (lichess's playban).
const (
	// AbortWindow is how far back the aborts before the last one count.
	AbortWindow = 24 * time.Hour
	// PlaybanAfter is the number of aborts within AbortWindow that bans
	// the player from rated games, for PlaybanFirst; each one more doubles
	// the wait, up to PlaybanMax. The wait runs from the last abort.
	PlaybanAfter = 3
	PlaybanFirst = 10 * time.Minute
	PlaybanMax   = 24 * time.Hour
)

// ErrPlayban refuses a rated game to a player who has aborted too many
// lately, for the time left.
var ErrPlayban = pairing.ErrPlayban

// playbans is what the accounts' store keeps of the aborts (store.DB
// does).
type playbans interface {
	RecordAbort(ctx context.Context, accountID, tableID string, at time.Time) error
	Aborts(ctx context.Context, accountID string, since time.Time) ([]time.Time, error)
}

// recordAbort counts an aborted match against the account of the player
// who left it: the one whose browser holds the seat's session now (a
// browser signed out since goes uncounted, as it goes unrated).
func (s *Server) recordAbort(ctx context.Context, f table.Finished) {
	st, ok := s.accounts.(playbans)
	if !ok || !f.Aborted || f.Leaver < 0 || f.Leaver >= len(f.Seats) {
		return
	}
	a, err := s.acct.PlaysAs(ctx, f.Seats[f.Leaver].Token)
	if err != nil {
		s.log.Info("an aborted match not counted: its leaver's browser holds no session", "table", f.Table, "err", err)
		return
	}
	if err := st.RecordAbort(ctx, a.ID, f.Table, f.At); err != nil {
		s.log.Error("counting an aborted match", "table", f.Table, "err", err)
	}
}

// playban is the end of the wait an account's aborts (their times, oldest
// first) give it, and how many of them count: the aborts within
// AbortWindow up to the last one.
func playban(aborts []time.Time) (time.Time, int) {
	if len(aborts) == 0 {
		return time.Time{}, 0
	}
	last := aborts[len(aborts)-1]
	n := 0
	for _, at := range aborts {
		if at.After(last.Add(-AbortWindow)) {
			n++
		}
	}
	if n < PlaybanAfter {
		return time.Time{}, n
	}
	wait := PlaybanFirst
	for i := PlaybanAfter; i < n && wait < PlaybanMax; i++ {
		wait *= 2
	}
	return last.Add(min(wait, PlaybanMax)), n
}

// mayPlayRated refuses a rated game to an account that is waiting out a
// playban, saying why and for how long.
func (s *Server) mayPlayRated(ctx context.Context, accountID string) error {
	st, ok := s.accounts.(playbans)
	if !ok || accountID == "" {
		return nil
	}
	now := s.clock.Now()
	aborts, err := st.Aborts(ctx, accountID, now.Add(-AbortWindow-PlaybanMax))
	if err != nil {
		return err
	}
	until, n := playban(aborts)
	if !now.Before(until) {
		return nil
	}
	left := until.Sub(now)
	params := map[string]any{"Count": n, "Seconds": httpapi.Seconds(left)}
	return httpapi.RetryAfter(httpapi.RefuseCoded(ErrPlayban, "playban", params, "You left %d rated games before their first stroke in the last 24 hours: you can play rated again in %s. Unrated games are open to you now.", n, waitWords(left)), left)
}

// waitWords says a wait in whole minutes, rounded up, and hours past one.
func waitWords(d time.Duration) string {
	m := int((d + time.Minute - 1) / time.Minute)
	if m < 60 {
		return fmt.Sprintf("%d min", m)
	}
	if m%60 == 0 {
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}
