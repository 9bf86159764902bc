package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// MaxMessage is the largest client message, bytes; a longer one is
// answered with an error and discarded.
const MaxMessage = 4096

// ErrMessage is wrapped by every error of decoding a client message.
var ErrMessage = httpapi.New(http.StatusBadRequest, "bad message")

// intent is a decoded client message: a seat to sit at, an action for the
// seat the client holds that is to act, or a ping.
type intent struct {
	kind     string // "sit", "act", "aim", "say", "ping"
	seat     int
	nickname string
	csrf     string
	action   game.Action
	aim      protocol.Aim
	words    words
}

func msgErr(format string, args ...any) error {
	return fmt.Errorf("server: "+format+": %w", append(args, ErrMessage)...)
}

// decodeMessage reads one client message. maxSpeed bounds a shot's speed.
func decodeMessage(data []byte, maxSpeed float64) (intent, error) {
	var m protocol.ClientMsg
	if err := decodeStrict(data, &m); err != nil {
		return intent{}, msgErr("%v", err)
	}
	if m.V != protocol.Version {
		return intent{}, msgErr("protocol version %d, this server speaks %d", m.V, protocol.Version)
	}
	switch m.Type {
	case protocol.TypePing:
		return intent{kind: "ping"}, nil
	case protocol.TypeSit:
		if m.Seat == nil {
			return intent{}, msgErr(`"sit" needs "seat"`)
		}
		name := ""
		if m.Nickname != nil {
			var err error
			if name, err = cleanNickname(*m.Nickname); err != nil {
				return intent{}, err
			}
		}
		return intent{kind: "sit", seat: *m.Seat, nickname: name, csrf: m.CSRF}, nil
	case protocol.TypeStrike:
		shot, err := decodeShot(m, maxSpeed)
		if err != nil {
			return intent{}, err
		}
		return intent{kind: "act", action: game.Action{Kind: game.Strike, Shot: shot}}, nil
	case protocol.TypePlace:
		if m.X == nil || m.Y == nil || !finite(*m.X, *m.Y) {
			return intent{}, msgErr(`"place" needs finite "x" and "y"`)
		}
		return intent{kind: "act", action: game.Action{Kind: game.Place, At: board.Vec{X: *m.X, Y: *m.Y}}}, nil
	case protocol.TypeForgo:
		return intent{kind: "act", action: game.Action{Kind: game.Forgo}}, nil
	case protocol.TypeAim:
		if m.X == nil || m.Dir == nil || len(*m.Dir) != 2 || m.Power == nil || !finite(*m.X, (*m.Dir)[0], (*m.Dir)[1], *m.Power) {
			return intent{}, msgErr(`"aim" needs finite "x", "dir" (two numbers) and "power"`)
		}
		return intent{kind: "aim", aim: protocol.Aim{X: *m.X, Dir: [2]float64{(*m.Dir)[0], (*m.Dir)[1]}, Power: *m.Power}}, nil
	case protocol.TypeSay:
		return decodeSay(m)
	case protocol.TypeConcede:
		if m.What == nil {
			return intent{}, msgErr(`"concede" needs "what": board, game or match`)
		}
		c, err := rules.ParseConcession(*m.What)
		if err != nil {
			return intent{}, msgErr("%v", err)
		}
		return intent{kind: "act", action: game.Action{Kind: game.Concede, Concede: c}}, nil
	case protocol.TypeBuy:
		if m.Pocket == nil || m.White == nil || m.Black == nil {
			return intent{}, msgErr(`"buy" needs "pocket", "white" and "black" (and "queen" to pay with it)`)
		}
		pay := rules.Holding{White: *m.White, Black: *m.Black, Queen: m.Queen != nil && *m.Queen}
		return intent{kind: "act", action: game.Action{Kind: game.Buy, Buy: rules.Purchase{Pocket: *m.Pocket, Pay: pay}}}, nil
	}
	return intent{}, msgErr("unknown message type %q", m.Type)
}

// decodeStrict reads exactly one JSON object into v with the one strict
// decoder of package record.
func decodeStrict(data []byte, v any) error { return record.DecodeJSON(data, v) }

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// decodeShot reads a strike with the one shot decoder (record.DecodeShot,
// docs/notation.md): x along the base line; the direction as "angle" in
// degrees counter-clockwise from the shooter's right (90 is straight
// ahead) or as "dir"; "speed" in m/s or "power" from 0 to 1. A message
// must also ask for a stroke that moves: speed in (0, maxSpeed].
func decodeShot(m protocol.ClientMsg, maxSpeed float64) (physics.Shot, error) {
	in := record.ShotInput{X: m.X, Angle: m.Angle, Speed: m.Speed, Power: m.Power}
	if m.Dir != nil {
		if len(*m.Dir) != 2 {
			return physics.Shot{}, msgErr(`"dir" has %d numbers, want 2`, len(*m.Dir))
		}
		in.Dir = &[2]float64{(*m.Dir)[0], (*m.Dir)[1]}
	}
	sh, err := record.DecodeShot(in, maxSpeed)
	if err != nil {
		return sh, msgErr("strike: %v", err)
	}
	if !(sh.Speed > 0 && sh.Speed <= maxSpeed) {
		return sh, msgErr(`"strike" needs one of "speed" in (0, %g] m/s or "power" in (0, 1]`, maxSpeed)
	}
	return sh, nil
}

// cleanNickname trims a nickname and checks it is 1 to 32 printable characters.
func cleanNickname(s string) (string, error) {
	s = strings.TrimSpace(s)
	if n := len([]rune(s)); n == 0 || n > 32 {
		return "", msgErr("nickname must be 1 to 32 characters")
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return "", msgErr("nickname has an unprintable character")
		}
	}
	return s, nil
}

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

func encode(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		// Every message is built from finite numbers, strings and slices.
		panic("server: encoding a message: " + err.Error())
	}
	return data
}

func errorMessage(err error) []byte {
	code, params := httpapi.Code(err)
	return encode(protocol.ErrorMsg{V: protocol.Version, Type: protocol.TypeError, Error: httpapi.Text(err), Code: code, Params: params})
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
	return encode(t.view().event(start, after, seq, a, out, deadline))
}

// tableView is what a table's messages show beside its game: its id and
// configuration, whether its match has begun, why it is left unrated if
// so, and who sits at each seat. A table makes one of itself (view); a
// replay, which has no table, makes one from the stored record
// (replayView).
type tableView struct {
	id      string
	cfg     protocol.TableConfig
	started bool
	unrated string
	aborted bool
	// seats are who sits where; their positions and sides are the game's.
	seats []protocol.SeatState
}

func (t *tableViews) view() tableView {
	v := tableView{id: t.id, cfg: t.cfg, started: t.started(), unrated: t.unrated, aborted: t.aborted}
	for i, s := range t.seats {
		v.seats = append(v.seats, protocol.SeatState{
			Seat: i, Kind: s.cfg.Kind, Level: s.cfg.Level, Nickname: s.nickname,
			Taken: s.token != "" || s.bot != nil, Connected: s.connected > 0 || s.bot != nil,
		})
	}
	return v
}

// event is the event of action a, number seq, which took the game from
// start to after.
func (v tableView) event(start, after game.Table, seq int64, a game.Action, out game.Outcome, deadline time.Time) protocol.EventMsg {
	st := v.gameState(after, deadline)
	st.Match = record.FromMatch(after.Match(), out.Ruling)
	return protocol.EventMsg{V: protocol.Version, Type: protocol.TypeEvent, Seq: seq, Action: record.FromAction(a), Outcome: outcomeOf(start, a, out), State: st}
}

// snapshot is the state message of the game st after action seq.
func (v tableView) snapshot(st game.Table, seq int64, deadline time.Time) protocol.StateMsg {
	return protocol.StateMsg{V: protocol.Version, Type: protocol.TypeState, Seq: seq, State: v.gameState(st, deadline)}
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

// gameState is the table with its game st and its clock.
func (v tableView) gameState(st game.Table, deadline time.Time) protocol.GameState {
	turn := st.ToAct()
	g := protocol.GameState{
		Table: v.id, Config: shown(v.cfg, turn.Need == game.NeedNothing), Started: v.started, Over: turn.Need == game.NeedNothing,
		Pieces:  pieces(st.Pieces()),
		Match:   record.FromMatch(st.Match(), nil),
		Variant: variantOf(st.Match()),
		ToAct:   protocol.ToAct{Seat: turn.Seat, Need: turn.Need.String(), Position: int(turn.Base)},
		Unrated: v.unrated,
		Aborted: v.aborted,
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

func (v tableView) seatList(st game.Table) []protocol.SeatState {
	out := slices.Clone(v.seats)
	for i := range out {
		out[i].Position, out[i].Side = int(st.Base(i)), int(st.Match().SideOf(i))
	}
	return out
}

func (t *tableViews) snapshot() protocol.StateMsg {
	return t.view().snapshot(t.state, t.seq, t.deadline)
}
