package table

import (
	"slices"
	"time"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// variantOf is the variant's board of m; its ruling and result travel in
// the match, as for ICF.
func variantOf(m rules.Match) *protocol.VariantState {
	if m.Rules.Variant == nil {
		return nil
	}
	g := m.Colourless
	w := g.Variant.Worth()
	v := &protocol.VariantState{Variant: record.FromColourless(g, nil), Worth: record.Values{White: w.White, Black: w.Black, Queen: w.Queen}}
	for p := range g.Players {
		b := g.Banked[p]
		v.Banked = append(v.Banked, record.Counts{White: b.White, Black: b.Black, Queen: b.Queen})
	}
	if g.Variant.Buys() {
		v.Prices = &protocol.PocketPrices{Free: rules.FreePocketPrice, Owned: rules.OwnedPocketPrice}
	}
	return v
}

// eventMessage is the broadcast of an accepted action; its state's match
// carries the action's ruling (rule IDs, placings) and the result of a
// board it ended, which a state message alone does not.
func (t *tableViews) eventMessage(start game.Table, a game.Action, out game.Outcome) []byte {
	return t.eventOf(start, t.state, t.seq, a, out, t.deadline)
}

// eventOf is the event of action a, number seq, which took the table from
// start to after.
func (t *tableViews) eventOf(start, after game.Table, seq int64, a game.Action, out game.Outcome, deadline time.Time) []byte {
	return protocol.Encode(t.view().Event(start, after, seq, a, out, deadline))
}

// View is what a table's messages show beside its game: its id and
// configuration, whether its match has begun, why it is left unrated if
// so, and who sits at each seat. A table makes one of itself (view); a
// replay, which has no table, makes one from the stored record
// (ReplayView), and practice one of its own.
type View struct {
	ID      string
	Config  protocol.TableConfig
	Started bool
	Unrated string
	Aborted bool
	// Seats are who sits where; their positions and sides are the game's.
	Seats []protocol.SeatState
}

func (t *tableViews) view() View {
	v := View{ID: t.id, Config: t.cfg, Started: t.started(), Unrated: t.unrated, Aborted: t.aborted}
	for i, s := range t.seats {
		v.Seats = append(v.Seats, protocol.SeatState{
			Seat: i, Kind: s.cfg.Kind, Level: s.cfg.Level, Nickname: s.nickname,
			Taken: s.token != "" || s.bot != nil, Connected: s.connected > 0 || s.bot != nil,
		})
	}
	return v
}

// Event is the event of action a, number seq, which took the game from
// start to after.
func (v View) Event(start, after game.Table, seq int64, a game.Action, out game.Outcome, deadline time.Time) protocol.EventMsg {
	st := v.GameState(after, deadline)
	st.Match = record.FromMatch(after.Match(), out.Ruling)
	return protocol.EventMsg{V: protocol.Version, Type: protocol.TypeEvent, Seq: seq, Action: record.FromAction(a), Outcome: outcomeOf(start, a, out), State: st}
}

// Snapshot is the state message of the game st after action seq.
func (v View) Snapshot(st game.Table, seq int64, deadline time.Time) protocol.StateMsg {
	return protocol.StateMsg{V: protocol.Version, Type: protocol.TypeState, Seq: seq, State: v.GameState(st, deadline)}
}

func outcomeOf(start game.Table, a game.Action, out game.Outcome) protocol.Outcome {
	o := protocol.Outcome{Respotted: pieces(out.Respotted), Void: out.Void}
	if a.Kind == game.Strike || a.Kind == game.Timeout {
		s := out.Stroke
		st := record.StrokeOf(s)
		o.Stroke = &st
	}
	if a.Kind == game.Strike {
		tr := record.FromStroke(start.Config().Physics, out.Start, out.Sim)
		o.Trajectory = &tr
	}
	return o
}

func pieces(ps []board.Piece) []record.Piece { return record.PiecesOf(ps) }

// GameState is the table with its game st and its clock.
func (v View) GameState(st game.Table, deadline time.Time) protocol.GameState {
	turn := st.ToAct()
	g := protocol.GameState{
		Table: v.ID, Config: Shown(v.Config, turn.Need == game.NeedNothing), Started: v.Started, Over: turn.Need == game.NeedNothing,
		Pieces:  pieces(st.Pieces()),
		Match:   record.FromMatch(st.Match(), nil),
		Variant: variantOf(st.Match()),
		ToAct:   protocol.ToAct{Seat: turn.Seat, Need: turn.Need.String(), Position: int(turn.Base)},
		Unrated: v.Unrated,
		Aborted: v.Aborted,
	}
	g.Held[0], g.Held[1] = st.Held()
	g.Seats = v.seatList(st)
	switch turn.Need {
	case game.NeedStrike:
		for _, r := range st.StrikerRanges() {
			g.ToAct.StrikerRanges = append(g.ToAct.StrikerRanges, [2]float64{r.Lo, r.Hi})
		}
	case game.NeedPlace:
		g.ToAct.Colour = turn.Colour.String()
		if at, ok := st.PlaceHint(); ok {
			g.ToAct.PlaceHint = &[2]float64{at.X, at.Y}
		}
	}
	if !deadline.IsZero() {
		g.ToAct.Deadline = deadline.UnixMilli()
	}
	return g
}

// seatList is who sits where at the table, with its game st.
func (t *tableViews) seatList(st game.Table) []protocol.SeatState { return t.view().seatList(st) }

func (v View) seatList(st game.Table) []protocol.SeatState {
	out := slices.Clone(v.Seats)
	for i := range out {
		out[i].Position, out[i].Side = int(st.Base(i)), int(st.Match().SideOf(i))
	}
	return out
}

func (t *tableViews) snapshot() protocol.StateMsg {
	return t.view().Snapshot(t.state, t.seq, t.deadline)
}
