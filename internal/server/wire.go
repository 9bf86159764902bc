package server

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// MaxMessage is the largest client message, bytes; a longer one is
// answered with an error and discarded.
const MaxMessage = 4096

// ErrMessage is wrapped by every error of decoding a client message.
var ErrMessage = table.ErrMessage

// intent is a decoded client message: a seat to sit at, an action for the
// seat the client holds that is to act, or a ping.
type intent struct {
	kind     string // "sit", "act", "aim", "say", "ping"
	seat     int
	nickname string
	csrf     string
	action   game.Action
	aim      protocol.Aim
	words    table.Words
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

func errorMessage(err error) []byte {
	code, params := httpapi.Code(err)
	return protocol.Encode(protocol.ErrorMsg{V: protocol.Version, Type: protocol.TypeError, Error: httpapi.Text(err), Code: code, Params: params})
}
