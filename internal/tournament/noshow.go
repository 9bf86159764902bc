package tournament

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// noShows is the no-show's wait and its result: the Domain's methods of this file, apart.
type noShows struct{ *Domain }

// NoShowGrace is how long after a round's online tables are made, and
// their players called, a player may take his seat: ICF law 126 ("not
// reporting to the umpire at one's match board within 15 minutes of the
// announcement of the match's start", RULES TM-3) loses the whole match.
const NoShowGrace = 15 * time.Minute

// NoShowScore is what a no-show's match enters, the present player's
// first: the whole match lost (law 126), a best of three games (RULES
// G-3) won in two, as an online table's result counts games won.
var NoShowScore = [2]int{2, 0}

// Seats are the seats of an online table as a no-show's wait reads them.
type Seats struct {
	Taken   []bool // by seat: a player has sat there
	Over    bool   // the table's match is over
	Created time.Time
}

// NoShowStore lists the tables a no-show's wait is for (internal/store
// implements it).
type NoShowStore interface {
	// TournamentTablesWaiting are the online tables of matches without a
	// result, of every tournament.
	TournamentTablesWaiting(ctx context.Context) ([]string, error)
}

// watchNoShow waits NoShowGrace from now for the players of a round's
// online table to take their seats, on the server's clock. The wait is
// the tournament's, not the table's: the table knows nothing of it, and a
// table whose players all sat plays on as any other.
func (d noShows) watchNoShow(table string) { d.watchNoShowFor(table, NoShowGrace) }

func (d noShows) watchNoShowFor(table string, wait time.Duration) {
	if d.env.AfterFunc == nil {
		return
	}
	d.env.AfterFunc(wait, func() { d.noShow(context.Background(), table) })
}

// ResumeNoShows waits again, at a server's start, for the tables of the
// matches without a result: each until NoShowGrace after it was made, at
// once if that is past; and for the bell of their rounds' clocks
// (bell.go). A match a node has entered already is left by
// the others (the result enters once).
func (d *Domain) ResumeNoShows(ctx context.Context) error { return noShows{d}.resume(ctx) }

// resume is ResumeNoShows.
func (d noShows) resume(ctx context.Context) error {
	ns, ok := d.env.Store.(NoShowStore)
	if !ok || d.env.Tables == nil {
		return nil
	}
	tables, err := ns.TournamentTablesWaiting(ctx)
	if err != nil {
		return err
	}
	for _, id := range tables {
		st, err := d.env.Tables.Seated(ctx, id)
		if err != nil {
			d.env.Log.Warn("a tournament's table not found at the start", "table", id, "err", err)
			continue
		}
		if !st.Over {
			d.watchNoShowFor(id, max(0, st.Created.Add(NoShowGrace).Sub(d.env.Now())))
		}
	}
	bells(d).resume(ctx, tables)
	return nil
}

// noShow enters the match of an online table whose one side sat and the
// other never did (in doubles, a side whose two players have not both
// sat is absent), once the grace is over: the present side wins it by
// NoShowScore, marked no-show, and the log says why. A match with a
// result already (a finished table's, one typed by hand) is left, and so
// is one whose sides both stayed away: the organiser scores it.
func (d noShows) noShow(ctx context.Context, table string) {
	st, err := d.env.Tables.Seated(ctx, table)
	if err != nil {
		d.env.Log.Error("reading the seats of a tournament's table", "table", table, "err", err)
		return
	}
	// A side is there when each of its players (one, or a pair) has sat.
	there := [2]bool{true, true}
	for seat, t := range st.Taken {
		there[seat%2] = there[seat%2] && t
	}
	if st.Over || there[0] == there[1] {
		if !there[0] && !st.Over {
			d.env.Log.Info("neither side came to a tournament's table: its result is for the organiser", "table", table)
		}
		return
	}
	m, s, ok := waiting(ctx, d.Domain, table, "a no-show")
	if !ok {
		return
	}
	present, absent := m.A, m.B
	m.Score = NoShowScore
	if there[1] {
		present, absent = m.B, m.A
		m.Score = [2]int{NoShowScore[1], NoShowScore[0]}
	}
	m.Source = carrom.ResultNoShow
	minutes := int(NoShowGrace / time.Minute)
	entry := logEntry(d.env.Now(), m.Round, "no_show",
		map[string]any{"Round": m.Round, "Board": m.Board, "Absent": s.name(absent), "Count": minutes, "Present": s.name(present), "Score": scoreText(m.Score)},
		fmt.Sprintf("round %d, board %d: %s did not take the seat within %d minutes of the call (ICF law 126): %s wins %s, a no-show",
			m.Round, m.Board, s.name(absent), minutes, s.name(present), scoreText(m.Score)))
	if err := d.env.Store.SetTournamentResult(ctx, m, true, &entry); err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			d.env.Log.Error("entering a tournament's no-show", "table", table, "tournament", m.Tournament, "err", err)
		}
		return
	}
	d.env.changed(m.Tournament)
}
