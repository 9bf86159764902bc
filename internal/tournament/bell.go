package tournament

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// bells is the match format "bell", a time limit per round with the
// score at the bell: the Domain's methods of this file, apart.
type bells struct{ *Domain }

// bellKey is a bell waited for: a tournament's round and its clock's end.
type bellKey struct {
	tournament string
	round      int
	ends       int64
}

// watch rings the bell of clock c's round when it reaches zero on the
// server's clock, at once if that is past; a bell waited for already is
// not waited for twice.
func (d bells) watch(c carrom.TournamentClock) {
	if d.env.AfterFunc == nil || d.env.Tables == nil {
		return
	}
	key := bellKey{c.Tournament, c.Round, c.Ends().UnixNano()}
	if _, waiting := d.awaited.LoadOrStore(key, true); waiting {
		return
	}
	d.env.AfterFunc(max(0, c.Ends().Sub(d.env.Now())), func() {
		d.awaited.Delete(key)
		d.ring(context.Background(), c.Tournament, c.Round, c.Ends())
	})
}

// ring ends, at the bell, the online tables of a round still in play in
// a tournament of the format bell, if its clock still ends then (one
// started again rings at its own end). Each table's match ends with its
// score (game.Bell) and enters its result as any finished table's; a
// match on a scoresheet or typed by hand is the organiser's.
func (d bells) ring(ctx context.Context, id string, round int, ends time.Time) {
	cs, ok := roundClock(d).clockStore()
	if !ok {
		return
	}
	c, err := cs.TournamentClock(ctx, id)
	if err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			d.env.Log.Error("reading a tournament's clock at the bell", "tournament", id, "err", err)
		}
		return
	}
	if c.Round != round || !c.Ends().Equal(ends) {
		return
	}
	s, err := d.load(ctx, id)
	if err != nil {
		d.env.Log.Error("loading a tournament at the bell", "tournament", id, "err", err)
		return
	}
	if s.t.Format != FormatBell || round > len(s.rounds) {
		return
	}
	var tables []string
	for _, m := range s.rounds[round-1] {
		if m.Table != "" && m.Source == carrom.ResultNone {
			tables = append(tables, m.Table)
		}
	}
	if len(tables) > 0 {
		d.env.Log.Info("a tournament round's bell: its online tables in play end", "tournament", id, "round", round, "tables", len(tables))
		d.env.Tables.Bell(id, tables)
	}
}

// WatchBells waits for the bell of the latest round's clock of the
// tournaments of online tables that a node of a cluster has just taken
// over, at once if it is past, as a server does at its start: the node
// that waited for it may be the one that died, and a table moving between
// nodes when the bell rang was held by none. A function, not a method: the
// Domain has as many as a type may.
func WatchBells(ctx context.Context, d *Domain, tables []string) { bells{d}.resume(ctx, tables) }

// WatchClock waits, at every node of a cluster, for the bell of the clock
// a tournament's round was just given at one of them, so that the bell
// rings though that node dies before it: each node rings it for the
// tables it holds, and tells the others (a bell rung twice ends a table
// once).
func WatchClock(ctx context.Context, d *Domain, id string) {
	cs, ok := roundClock{d}.clockStore()
	if !ok {
		return
	}
	t, err := d.env.Store.Tournament(ctx, id)
	if err != nil || t.Format != FormatBell {
		return
	}
	c, err := cs.TournamentClock(ctx, id)
	if err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			d.env.Log.Error("reading a tournament's clock started at another node", "tournament", id, "err", err)
		}
		return
	}
	bells{d}.watch(c)
}

// resume waits, at a server's start or as a node takes tables over, for
// the bell of the latest round's clock of each tournament of the format
// bell with an online table of tables in play.
func (d bells) resume(ctx context.Context, tables []string) {
	cs, ok := roundClock(d).clockStore()
	if !ok {
		return
	}
	seen := map[string]bool{}
	for _, table := range tables {
		m, err := d.env.Store.TournamentMatchAt(ctx, "table_id", table)
		if err != nil || seen[m.Tournament] {
			continue
		}
		seen[m.Tournament] = true
		t, err := d.env.Store.Tournament(ctx, m.Tournament)
		if err != nil || t.Format != FormatBell {
			continue
		}
		if c, err := cs.TournamentClock(ctx, m.Tournament); err == nil {
			d.watch(c)
		}
	}
}

// drawnAtBell enters the match of a table that the bell ended with the
// score equal: a draw, its games equal, marked online and logged. A
// knockout's or a final's match needs a winner: the organiser's.
func (d bells) drawnAtBell(ctx context.Context, table string, games [2]int) {
	m, s, ok := waiting(ctx, d.Domain, table, "a draw at the bell")
	if !ok {
		return
	}
	if s.t.System == "knockout" || s.isFinal(m.Round) {
		d.env.Log.Info("a match that needs a winner was drawn at the bell: its result is for the organiser", "table", table, "tournament", m.Tournament)
		return
	}
	m.Score, m.Source = games, carrom.ResultOnline
	entry := logEntry(d.env.Now(), m.Round, "bell_draw", map[string]any{"Round": m.Round, "Board": m.Board, "A": s.name(m.A), "B": s.name(m.B), "Score": scoreText(m.Score)},
		fmt.Sprintf("round %d, board %d: the round's time was up with %s and %s level: a draw at the bell, %s", m.Round, m.Board, s.name(m.A), s.name(m.B), scoreText(m.Score)))
	if err := d.env.Store.SetTournamentResult(ctx, m, true, &entry); err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			d.env.Log.Error("entering a draw at the bell", "table", table, "tournament", m.Tournament, "err", err)
		}
		return
	}
	d.env.changed(m.Tournament)
}

// waiting is the match of an online table still without a result, and its
// tournament; false (logged if the store failed) if there is none.
func waiting(ctx context.Context, d *Domain, table, what string) (carrom.TournamentMatch, *state, bool) {
	m, err := d.env.Store.TournamentMatchAt(ctx, "table_id", table)
	if err != nil {
		if !errors.Is(err, carrom.ErrNotFound) {
			d.env.Log.Error("finding the tournament match of a table", "table", table, "err", err)
		}
		return m, nil, false
	}
	if m.Source != carrom.ResultNone {
		return m, nil, false
	}
	s, err := d.load(ctx, m.Tournament)
	if err != nil {
		d.env.Log.Error("loading the tournament of "+what, "table", table, "err", err)
		return m, nil, false
	}
	return m, s, true
}
