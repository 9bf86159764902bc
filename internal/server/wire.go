package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// ProtocolVersion is the version of the WebSocket messages (docs/protocol.md).
const ProtocolVersion = 1

// MaxMessage is the largest client message, bytes; a longer one is
// answered with an error and discarded.
const MaxMessage = 4096

// ErrMessage is wrapped by every error of decoding a client message.
var ErrMessage = httpapi.New(http.StatusBadRequest, "bad message")

// clientMsg is every field a client message may carry; which ones a message
// needs depends on its type.
type clientMsg struct {
	V        int        `json:"v"`
	Type     string     `json:"type"`
	Seat     *int       `json:"seat"`
	Nickname *string    `json:"nickname"`
	X        *float64   `json:"x"`
	Y        *float64   `json:"y"`
	Angle    *float64   `json:"angle"`
	Dir      *[]float64 `json:"dir"`
	Speed    *float64   `json:"speed"`
	Power    *float64   `json:"power"`
	What     *string    `json:"what"`
	// CSRF is a signed-in player's session token in a "sit" (GET /api/account).
	CSRF *string `json:"csrf"`
	// A purchase of a pocket (RULES V-3): the pocket and the c/m paid.
	Pocket *int  `json:"pocket"`
	White  *int  `json:"white"`
	Black  *int  `json:"black"`
	Queen  *bool `json:"queen"`
}

// intent is a decoded client message: a seat to sit at, an action for the
// seat the client holds that is to act, or a ping.
type intent struct {
	kind     string // "sit", "act", "aim", "ping"
	seat     int
	nickname string
	csrf     string
	action   game.Action
	aim      aimJSON
}

func msgErr(format string, args ...any) error {
	return fmt.Errorf("server: "+format+": %w", append(args, ErrMessage)...)
}

// decodeMessage reads one client message. maxSpeed bounds a shot's speed.
func decodeMessage(data []byte, maxSpeed float64) (intent, error) {
	var m clientMsg
	if err := decodeStrict(data, &m); err != nil {
		return intent{}, msgErr("%v", err)
	}
	if m.V != ProtocolVersion {
		return intent{}, msgErr("protocol version %d, this server speaks %d", m.V, ProtocolVersion)
	}
	switch m.Type {
	case "ping":
		return intent{kind: "ping"}, nil
	case "sit":
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
		in := intent{kind: "sit", seat: *m.Seat, nickname: name}
		if m.CSRF != nil {
			in.csrf = *m.CSRF
		}
		return in, nil
	case "strike":
		shot, err := decodeShot(m, maxSpeed)
		if err != nil {
			return intent{}, err
		}
		return intent{kind: "act", action: game.Action{Kind: game.Strike, Shot: shot}}, nil
	case "place":
		if m.X == nil || m.Y == nil || !finite(*m.X, *m.Y) {
			return intent{}, msgErr(`"place" needs finite "x" and "y"`)
		}
		return intent{kind: "act", action: game.Action{Kind: game.Place, At: board.Vec{X: *m.X, Y: *m.Y}}}, nil
	case "forgo":
		return intent{kind: "act", action: game.Action{Kind: game.Forgo}}, nil
	case "aim":
		if m.X == nil || m.Dir == nil || len(*m.Dir) != 2 || m.Power == nil || !finite(*m.X, (*m.Dir)[0], (*m.Dir)[1], *m.Power) {
			return intent{}, msgErr(`"aim" needs finite "x", "dir" (two numbers) and "power"`)
		}
		return intent{kind: "aim", aim: aimJSON{X: *m.X, Dir: [2]float64{(*m.Dir)[0], (*m.Dir)[1]}, Power: *m.Power}}, nil
	case "concede":
		if m.What == nil {
			return intent{}, msgErr(`"concede" needs "what": board, game or match`)
		}
		c, err := rules.ParseConcession(*m.What)
		if err != nil {
			return intent{}, msgErr("%v", err)
		}
		return intent{kind: "act", action: game.Action{Kind: game.Concede, Concede: c}}, nil
	case "buy":
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
func decodeShot(m clientMsg, maxSpeed float64) (physics.Shot, error) {
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

// Messages from the server. Every table message carries the table's
// sequence number: the number of actions the table has accepted.

type seatJSON struct {
	Seat      int    `json:"seat"`
	Kind      string `json:"kind"`
	Level     string `json:"level,omitempty"`
	Nickname  string `json:"nickname,omitempty"`
	Taken     bool   `json:"taken"`
	Connected bool   `json:"connected"`
	Position  int    `json:"position"` // base line on the board: 0 bottom, counter-clockwise
	// Side is the seat's side: its pair (seat % 2), or in a variant without
	// colours the seat himself.
	Side int `json:"side"`
}

type toActJSON struct {
	Seat     int    `json:"seat"`
	Need     string `json:"need"`
	Colour   string `json:"colour,omitempty"`
	Position int    `json:"position"`
	// StrikerRanges are the legal places along the base line, m (RULES ST-1…ST-3).
	StrikerRanges [][2]float64 `json:"striker_ranges,omitempty"`
	// PlaceHint is a legal place for the c/m to be placed.
	PlaceHint *[2]float64 `json:"place_hint,omitempty"`
	// Deadline is when the seat's clock runs out, Unix milliseconds; 0: no clock.
	Deadline int64 `json:"deadline"`
}

// gameJSON is the whole state of a table.
type gameJSON struct {
	Table   string         `json:"table"`
	Config  TableConfig    `json:"config"`
	Started bool           `json:"started"`
	Over    bool           `json:"over"`
	Seats   []seatJSON     `json:"seats"`
	Pieces  []record.Piece `json:"pieces"`
	Held    [2]int         `json:"held"` // white, black c/m waiting to be placed
	ToAct   toActJSON      `json:"to_act"`
	Match   record.Match   `json:"match"`
	// Variant is the board of a variant without colours (RULES §14), whose
	// match carries only the turn, the ruling and the end.
	Variant *variantJSON `json:"variant,omitempty"`
	// Unrated says why a rated table's match is not, or will not be,
	// rated (docs/accounts.md).
	Unrated string `json:"unrated,omitempty"`
}

// variantJSON is a variant's board as the referee says it (record.Variant)
// and what a player needs to buy a pocket (RULES V-3): what each piece is
// worth, the prices, and what each player held when his turn began, which
// is all he may pay with.
type variantJSON struct {
	record.Variant
	Worth  record.Values   `json:"worth"`
	Prices *pocketPrices   `json:"prices,omitempty"`
	Banked []record.Counts `json:"banked"`
}

type pocketPrices struct {
	Free  int `json:"free"`
	Owned int `json:"owned"`
}

// variantOf is the variant's board of m; its ruling and result travel in
// the match, as for ICF.
func variantOf(m rules.Match) *variantJSON {
	if m.Rules.Variant == nil {
		return nil
	}
	g := m.Colourless
	w := g.Variant.Worth()
	v := &variantJSON{Variant: record.FromColourless(g, nil), Worth: record.Values{White: w.White, Black: w.Black, Queen: w.Queen}}
	for p := range g.Players {
		b := g.Banked[p]
		v.Banked = append(v.Banked, record.Counts{White: b.White, Black: b.Black, Queen: b.Queen})
	}
	if g.Variant.Buys() {
		v.Prices = &pocketPrices{Free: rules.FreePocketPrice, Owned: rules.OwnedPocketPrice}
	}
	return v
}

type stateMsg struct {
	V     int      `json:"v"`
	Type  string   `json:"type"` // "state"
	Seq   int64    `json:"seq"`
	State gameJSON `json:"state"`
}

type outcomeJSON struct {
	Stroke     *record.Stroke     `json:"stroke,omitempty"`
	Trajectory *record.Trajectory `json:"trajectory,omitempty"`
	Respotted  []record.Piece     `json:"respotted"`
	Void       bool               `json:"void"`
}

type eventMsg struct {
	V       int           `json:"v"`
	Type    string        `json:"type"` // "event"
	Seq     int64         `json:"seq"`
	Action  record.Action `json:"action"`
	Outcome outcomeJSON   `json:"outcome"`
	State   gameJSON      `json:"state"`
}

type welcomeMsg struct {
	V        int    `json:"v"`
	Type     string `json:"type"` // "welcome"
	Table    string `json:"table"`
	Seq      int64  `json:"seq"`   // the table's sequence number now
	Seats    []int  `json:"seats"` // the seats this client holds
	Nickname string `json:"nickname,omitempty"`
}

// seatsMsg tells the clients of a table who sits where and is connected,
// and how many watch, when only that has changed (a join or a leave): a
// state message would be the whole table to every client at every join.
type seatsMsg struct {
	V          int        `json:"v"`
	Type       string     `json:"type"` // "seats"
	Seq        int64      `json:"seq"`
	Seating    []seatJSON `json:"seating"`
	Spectators int        `json:"spectators"` // connections that hold no seat
}

type errorMsg struct {
	V     int    `json:"v"`
	Type  string `json:"type"` // "error"
	Error string `json:"error"`
}

type pongMsg struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "pong"
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
	return encode(errorMsg{V: ProtocolVersion, Type: "error", Error: httpapi.Text(err)})
}

// eventMessage is the broadcast of an accepted action; its state's match
// carries the action's ruling (rule IDs, placings) and the result of a
// board it ended, which a state message alone does not.
func (t *table) eventMessage(start game.Table, a game.Action, out game.Outcome) []byte {
	return t.eventOf(start, t.state, t.seq, a, out, t.deadline)
}

// eventOf is the event of action a, number seq, which took the table from
// start to after.
func (t *table) eventOf(start, after game.Table, seq int64, a game.Action, out game.Outcome, deadline time.Time) []byte {
	st := t.gameStateOf(after, deadline)
	st.Match = record.FromMatch(after.Match(), out.Ruling)
	return encode(eventMsg{V: ProtocolVersion, Type: "event", Seq: seq, Action: record.FromAction(a), Outcome: t.outcome(start, a, out), State: st})
}

func (t *table) outcome(start game.Table, a game.Action, out game.Outcome) outcomeJSON {
	o := outcomeJSON{Respotted: pieces(out.Respotted), Void: out.Void}
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

func (t *table) gameState() gameJSON { return t.gameStateOf(t.state, t.deadline) }

// gameStateOf is the table as it is but for its game, st, and its clock.
func (t *table) gameStateOf(st game.Table, deadline time.Time) gameJSON {
	turn := st.ToAct()
	g := gameJSON{
		Table: t.id, Config: t.cfg.shown(turn.Need == game.NeedNothing), Started: t.started(), Over: turn.Need == game.NeedNothing,
		Pieces:  pieces(st.Pieces()),
		Match:   record.FromMatch(st.Match(), nil),
		Variant: variantOf(st.Match()),
		ToAct:   toActJSON{Seat: turn.Seat, Need: turn.Need.String(), Position: int(turn.Base)},
		Unrated: t.unrated,
	}
	g.Held[0], g.Held[1] = st.Held()
	g.Seats = t.seatList(st)
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
func (t *table) seatList(st game.Table) []seatJSON {
	var out []seatJSON
	for i, s := range t.seats {
		out = append(out, seatJSON{
			Seat: i, Kind: string(s.cfg.Kind), Level: s.cfg.Level, Nickname: s.nickname,
			Taken: s.token != "" || s.bot != nil, Connected: s.connected > 0 || s.bot != nil,
			Position: int(st.Base(i)), Side: int(st.Match().SideOf(i)),
		})
	}
	return out
}

func (t *table) snapshot() stateMsg {
	return stateMsg{V: ProtocolVersion, Type: "state", Seq: t.seq, State: t.gameState()}
}
