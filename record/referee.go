package record

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/carrom-game/carrom/rules"
)

// The referee line protocol (carrom referee, README): each input line is a
// JSON object holding exactly one of its fields; each answer is the
// referee's state after it, as one line of JSON.

// RefereeInput is one input line of the referee protocol.
type RefereeInput struct {
	Stroke    *Stroke         `json:"stroke"`
	Buy       *RefereeBuy     `json:"buy"`
	Concede   *string         `json:"concede"`
	Toss      *int            `json:"toss"`
	Void      *string         `json:"void"`
	Forfeit   *RefereeForfeit `json:"forfeit"`
	Technical *int            `json:"technical"`
	Claim     *string         `json:"claim"`
}

// RefereeBuy is a purchase of pocket Pocket, paid with those c/m (RULES V-3).
type RefereeBuy struct {
	Pocket int  `json:"pocket"`
	White  int  `json:"white"`
	Black  int  `json:"black"`
	Queen  bool `json:"queen"`
}

// RefereeForfeit is a forfeit: the side that loses and the rule.
type RefereeForfeit struct {
	Side int    `json:"side"`
	Rule string `json:"rule"`
}

// DecodeRefereeInput reads one line of the referee protocol strictly: the
// names are matched exactly, an unknown or repeated name is an error, and
// the line holds exactly one input.
func DecodeRefereeInput(line []byte) (RefereeInput, error) {
	var in RefereeInput
	if err := DecodeJSON(line, &in); err != nil {
		return RefereeInput{}, fmt.Errorf("referee: %v", err)
	}
	set := 0
	for _, p := range []bool{in.Stroke != nil, in.Buy != nil, in.Concede != nil, in.Toss != nil, in.Void != nil, in.Forfeit != nil, in.Technical != nil, in.Claim != nil} {
		if p {
			set++
		}
	}
	if set != 1 {
		return in, errors.New(`referee: a line holds exactly one of "stroke", "buy", "concede", "toss", "void", "forfeit", "technical", "claim"`)
	}
	return in, nil
}

// Apply gives the input to the referee.
func (in RefereeInput) Apply(m rules.Match) (rules.Match, rules.Ruling, error) {
	switch {
	case in.Stroke != nil:
		return m.Stroke(in.Stroke.ToStroke())
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
	case in.Claim != nil:
		if *in.Claim != "two_turns" {
			return m, rules.Ruling{}, fmt.Errorf("referee: claim %q (want two_turns)", *in.Claim)
		}
		return m.ClaimTwoTurns()
	}
	return m, rules.Ruling{}, errors.New("referee: no input on the line")
}

// RefereeLine applies one input line to m and returns the new match and
// the answer. A rejected line leaves m unchanged and its answer carries
// the error and the unchanged state.
func RefereeLine(m rules.Match, line []byte) (rules.Match, []byte) {
	return answer(m, line, RefereeInput.Apply, RefereeReply)
}

// answer applies one input line to state s and returns the new state and
// the reply that reply writes; a rejected line leaves s unchanged.
func answer[S any](s S, line []byte, apply func(RefereeInput, S) (S, rules.Ruling, error), reply func(S, *rules.Ruling, error) []byte) (S, []byte) {
	in, err := DecodeRefereeInput(line)
	if err != nil {
		return s, reply(s, nil, err)
	}
	next, rul, err := apply(in, s)
	if err != nil {
		return s, reply(s, nil, err)
	}
	return next, reply(next, &rul, nil)
}

// encodeReply writes a reply line; every field of a state is a plain
// number, string or slice of them, so it always encodes.
func encodeReply(v any) []byte {
	line, err := json.Marshal(v)
	if err != nil {
		panic("record: encoding the referee's state: " + err.Error())
	}
	return line
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// refereeReply is the answer line: the referee's state, and the error of
// a rejected line.
type refereeReply struct {
	Match
	Error string `json:"error,omitempty"`
}

// RefereeReply is the answer line for the state m, the ruling that led to
// it (nil for none) and the error of a rejected line (nil for none).
func RefereeReply(m rules.Match, rul *rules.Ruling, err error) []byte {
	return encodeReply(refereeReply{Match: FromMatch(m, rul), Error: errorText(err)})
}

// ApplyColourless gives the input to the referee of a variant without
// colours (RULES §14), which takes strokes, purchases and concessions.
func (in RefereeInput) ApplyColourless(g rules.Colourless) (rules.Colourless, rules.Ruling, error) {
	switch {
	case in.Stroke != nil:
		return g.Stroke(in.Stroke.ToStroke())
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

// VariantLine is RefereeLine for a variant without colours.
func VariantLine(g rules.Colourless, line []byte) (rules.Colourless, []byte) {
	return answer(g, line, RefereeInput.ApplyColourless, VariantReply)
}

// variantReply is the answer line of a variant without colours.
type variantReply struct {
	Variant
	Error string `json:"error,omitempty"`
}

// VariantReply is RefereeReply for a variant without colours.
func VariantReply(g rules.Colourless, rul *rules.Ruling, err error) []byte {
	return encodeReply(variantReply{Variant: FromColourless(g, rul), Error: errorText(err)})
}
