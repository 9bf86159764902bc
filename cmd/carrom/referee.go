package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

func init() {
	register(command{
		name:    "referee",
		summary: "apply the laws to strokes read as JSON Lines on stdin",
		run:     runReferee,
	})
}

func runReferee(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("referee", stderr)
	ruleSet := fs.String("rules", "icf", "rule set: icf or family")
	players := fs.Int("players", 2, "number of players: 2 (singles) or 4 (doubles)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	r, err := rules.ByName(*ruleSet)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	m, err := rules.NewMatch(r, *players)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	return serveLines(stdin, stdout, func(line []byte, err error) []byte {
		if err != nil {
			return encodeState(m, nil, err)
		}
		var reply []byte
		m, reply = refereeLine(m, line)
		return reply
	})
}

// refereeInput is one input line: exactly one of its fields is set.
type refereeInput struct {
	Stroke    *strokeJSON  `json:"stroke"`
	Concede   *string      `json:"concede"`
	Toss      *int         `json:"toss"`
	Void      *string      `json:"void"`
	Forfeit   *forfeitJSON `json:"forfeit"`
	Technical *int         `json:"technical"`
	Claim     *string      `json:"claim"`
}

type strokeJSON struct {
	White      int        `json:"white"`
	Black      int        `json:"black"`
	Queen      bool       `json:"queen"`
	Striker    bool       `json:"striker"`
	Touched    *bool      `json:"touched"`
	Foul       bool       `json:"foul"`
	StrikerOff bool       `json:"striker_off"`
	Jumped     countsJSON `json:"jumped"`
}

type countsJSON struct {
	White int  `json:"white"`
	Black int  `json:"black"`
	Queen bool `json:"queen"`
}

type forfeitJSON struct {
	Side int    `json:"side"`
	Rule string `json:"rule"`
}

// refereeLine applies one input line to m and returns the new match and the
// JSON reply. A rejected line leaves m unchanged.
func refereeLine(m rules.Match, line []byte) (rules.Match, []byte) {
	in, err := decodeInput(line)
	if err != nil {
		return m, encodeState(m, nil, err)
	}
	next, rul, err := applyInput(m, in)
	if err != nil {
		return m, encodeState(m, nil, err)
	}
	return next, encodeState(next, &rul, nil)
}

func decodeInput(line []byte) (refereeInput, error) {
	var in refereeInput
	if len(bytes.TrimSpace(line)) == 0 {
		return in, errors.New("referee: empty line")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return in, fmt.Errorf("referee: bad JSON: %v", err)
	}
	if dec.More() {
		return in, errors.New("referee: more than one JSON value on the line")
	}
	set := 0
	for _, p := range []bool{in.Stroke != nil, in.Concede != nil, in.Toss != nil, in.Void != nil, in.Forfeit != nil, in.Technical != nil, in.Claim != nil} {
		set += b2i(p)
	}
	if set != 1 {
		return in, errors.New(`referee: a line holds exactly one of "stroke", "concede", "toss", "void", "forfeit", "technical", "claim"`)
	}
	return in, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func applyInput(m rules.Match, in refereeInput) (rules.Match, rules.Ruling, error) {
	switch {
	case in.Stroke != nil:
		s := in.Stroke
		return m.Stroke(rules.Stroke{
			Pocketed:   rules.Count{White: s.White, Black: s.Black, Queen: s.Queen},
			Striker:    s.Striker,
			Missed:     s.Touched != nil && !*s.Touched,
			Foul:       s.Foul,
			StrikerOff: s.StrikerOff,
			Jumped:     rules.Count{White: s.Jumped.White, Black: s.Jumped.Black, Queen: s.Jumped.Queen},
		})
	case in.Concede != nil:
		c, err := rules.ParseConcession(*in.Concede)
		if err != nil {
			return m, rules.Ruling{}, err
		}
		return m.Concede(c)
	case in.Toss != nil:
		return m.Toss(rules.Side(*in.Toss))
	case in.Void != nil:
		return m.Void(*in.Void)
	case in.Forfeit != nil:
		return m.Forfeit(rules.Side(in.Forfeit.Side), in.Forfeit.Rule)
	case in.Technical != nil:
		return m.Technical(rules.Side(*in.Technical))
	default:
		if *in.Claim != "two_turns" {
			return m, rules.Ruling{}, fmt.Errorf("referee: claim %q (want two_turns)", *in.Claim)
		}
		return m.ClaimTwoTurns()
	}
}

// stateReply is the reply line: the referee's state, and the error of a
// rejected line.
type stateReply struct {
	record.Match
	Error string `json:"error,omitempty"`
}

func encodeState(m rules.Match, rul *rules.Ruling, err error) []byte {
	out := stateReply{Match: record.FromMatch(m, rul)}
	if err != nil {
		out.Error = err.Error()
	}
	line, mErr := json.Marshal(out)
	if mErr != nil {
		// Every field is a plain number, string or slice of them.
		panic("referee: encoding the state: " + mErr.Error())
	}
	return line
}
