package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

func refereeCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "referee",
		Usage:     "apply the laws to strokes read as JSON Lines on stdin",
		UsageText: "carrom referee [-rules icf|family|point|three|pockets] [-players 2|3|4] < input.jsonl",
		Description: `Reads one JSON object per line on standard input and answers each with
exactly one JSON line on standard output: the referee's state after it (or
the state unchanged and an "error"). An input line holds exactly one of:

  {"stroke": {"white": 0, "black": 1, "queen": false, "striker": false,
              "touched": true, "foul": false, "striker_off": false,
              "jumped": {"white": 0, "black": 0, "queen": false}}}
                                  counts pocketed by a stroke (every field optional)
  {"concede": "board"}            or "game", "match": the player in turn concedes (G-4)
  {"toss": 1}                     the side that won a toss the referee asked for
  {"void": "ST-3"}                or "T-4": the umpire voids the board
  {"forfeit": {"side": 1, "rule": "TM-2"}}
                                  a side loses the board (D-10, TM-2) or the match (TM-3)
  {"technical": 0}                a technical foul by side 0 out of its turn (D-9)
  {"claim": "two_turns"}          family rules: two turns instead of an unpaid penalty (H-3)
  {"buy": {"pocket": 0, "white": 2, "black": 1, "queen": false}}
                                  -rules pockets: buy pocket 0 with those c/m (V-3)

The variants without colours (-rules point, three, pockets; docs/variants.md)
take stroke, buy and concede lines; their state has a score and a holding per
player, numbered 0…N-1 in turn order.

Example:
  printf '%s\n' '{"stroke": {"white": 1}}' | carrom referee`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "rules", Value: "icf", Usage: "rule set: icf, family, or a variant without colours: point, three, pockets",
				Validator: func(v string) error {
					if _, err := rules.VariantByName(v); err == nil {
						return nil
					}
					_, err := rules.ByName(v)
					return err
				}},
			&cli.IntFlag{Name: "players", Value: 2, Usage: "number of players: 2 (singles) or 4 (doubles); 2 to 4 for point and pockets; 3 for three (its default)",
				Validator: func(n int) error {
					if n < 2 || n > 4 {
						return errors.New("want 2, 3 or 4")
					}
					return nil
				}},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			if v, err := rules.VariantByName(cmd.String("rules")); err == nil {
				n := cmd.Int("players")
				if lo, _ := v.Seats(); !cmd.IsSet("players") && lo > n {
					n = lo
				}
				g, err := rules.NewColourless(v, n)
				if err != nil {
					return usagef(cmd, "%v", err)
				}
				return exitCode(variantLines(g, s.in, s.out))
			}
			r, err := rules.ByName(cmd.String("rules"))
			if err != nil {
				return usagef(cmd, "%v", err)
			}
			m, err := rules.NewMatch(r, cmd.Int("players"))
			if err != nil {
				return usagef(cmd, "%v", err)
			}
			return exitCode(refereeLines(m, s.in, s.out))
		},
	}
}

func refereeLines(m rules.Match, stdin io.Reader, stdout io.Writer) int {
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
	Buy       *buyJSON     `json:"buy"`
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

// buyJSON is a purchase of pocket Pocket, paid with those c/m (RULES V-3).
type buyJSON struct {
	Pocket int  `json:"pocket"`
	White  int  `json:"white"`
	Black  int  `json:"black"`
	Queen  bool `json:"queen"`
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
	for _, p := range []bool{in.Stroke != nil, in.Buy != nil, in.Concede != nil, in.Toss != nil, in.Void != nil, in.Forfeit != nil, in.Technical != nil, in.Claim != nil} {
		set += b2i(p)
	}
	if set != 1 {
		return in, errors.New(`referee: a line holds exactly one of "stroke", "buy", "concede", "toss", "void", "forfeit", "technical", "claim"`)
	}
	return in, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s strokeJSON) stroke() rules.Stroke {
	return rules.Stroke{
		Pocketed:   rules.Count{White: s.White, Black: s.Black, Queen: s.Queen},
		Striker:    s.Striker,
		Missed:     s.Touched != nil && !*s.Touched,
		Foul:       s.Foul,
		StrikerOff: s.StrikerOff,
		Jumped:     rules.Count{White: s.Jumped.White, Black: s.Jumped.Black, Queen: s.Jumped.Queen},
	}
}

func applyInput(m rules.Match, in refereeInput) (rules.Match, rules.Ruling, error) {
	switch {
	case in.Stroke != nil:
		return m.Stroke(in.Stroke.stroke())
	case in.Buy != nil:
		return m, rules.Ruling{}, fmt.Errorf("referee: a purchase is an input of -rules pockets, not %s: %w", m.Rules.Name, rules.ErrBadBuy)
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

// variantLines is the referee of a colourless variant (RULES §14).
func variantLines(g rules.Colourless, stdin io.Reader, stdout io.Writer) int {
	return serveLines(stdin, stdout, func(line []byte, err error) []byte {
		if err != nil {
			return encodeVariant(g, nil, err)
		}
		in, err := decodeInput(line)
		if err != nil {
			return encodeVariant(g, nil, err)
		}
		next, rul, err := applyVariantInput(g, in)
		if err != nil {
			return encodeVariant(g, nil, err)
		}
		g = next
		return encodeVariant(g, &rul, nil)
	})
}

func applyVariantInput(g rules.Colourless, in refereeInput) (rules.Colourless, rules.Ruling, error) {
	switch {
	case in.Stroke != nil:
		return g.Stroke(in.Stroke.stroke())
	case in.Buy != nil:
		b := in.Buy
		return g.Buy(rules.Purchase{Pocket: b.Pocket, Pay: rules.Holding{White: b.White, Black: b.Black, Queen: b.Queen}})
	case in.Concede != nil:
		if _, err := rules.ParseConcession(*in.Concede); err != nil {
			return g, rules.Ruling{}, err
		}
		return g.Concede()
	}
	return g, rules.Ruling{}, fmt.Errorf("referee: %s takes stroke, buy and concede lines only: %w", g.Variant.Name(), rules.ErrNotAwaited)
}

func encodeVariant(g rules.Colourless, rul *rules.Ruling, err error) []byte {
	out := variantReply{Variant: record.FromColourless(g, rul)}
	if err != nil {
		out.Error = err.Error()
	}
	line, mErr := json.Marshal(out)
	if mErr != nil {
		panic("referee: encoding the state: " + mErr.Error())
	}
	return line
}

// variantReply is the reply line of a colourless variant.
type variantReply struct {
	record.Variant
	Error string `json:"error,omitempty"`
}
