package tourney

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Request is the input of "carrom tourney pair" (docs/tournaments.md).
type Request struct {
	System  string // swiss, roundrobin or knockout
	Options SwissOptions
	Seeds   []string // knockout: the ids, best first
	Tournament
	Finals       *Finals // swiss: finals after it, nil for none
	FinalsRounds []Round
}

// Systems lists the systems a Request may name.
var Systems = []string{"swiss", "roundrobin", "knockout"}

// Answer is the output of "carrom tourney pair": the next round's pairing
// and the standings after the rounds given.
type Answer struct {
	Round     int              `json:"round"`
	Matches   []AnswerMatch    `json:"matches"`
	Standings []AnswerStanding `json:"standings"`
	// FinalRanking is the ranking after the finals played, with finals.
	FinalRanking []string `json:"final_ranking,omitempty"`
}

// AnswerMatch is a pairing; B nil is the phantom or a bye.
type AnswerMatch struct {
	Board int     `json:"board"`
	A     string  `json:"a"`
	B     *string `json:"b"`
}

// AnswerStanding is a line of the standings.
type AnswerStanding struct {
	Rank     int    `json:"rank"`
	ID       string `json:"id"`
	Points   int    `json:"points"`
	Buchholz int    `json:"buchholz"`
	Net      int    `json:"net"`
	Total    int    `json:"total"`
}

type wireRequest struct {
	System           *string       `json:"system"`
	Method           *string       `json:"method"`
	Points           *wirePoints   `json:"points"`
	PhantomScore     *int          `json:"phantom_score"`
	Players          *[]wirePlayer `json:"players"`
	Rounds           *[]wireRound  `json:"rounds"`
	Seed             *uint64       `json:"seed"`
	Seeds            *[]string     `json:"seeds"`
	DelayTop         int           `json:"delay_top"`
	AvoidCompatriots int           `json:"avoid_compatriots"`
	AvoidClubmates   int           `json:"avoid_clubmates"`
	Finals           *wireFinals   `json:"finals"`
}

type wirePoints struct {
	Win  *int `json:"win"`
	Draw *int `json:"draw"`
	Loss *int `json:"loss"`
}

type wirePlayer struct {
	ID        *string  `json:"id"`
	Rating    *float64 `json:"rating"`
	Club      string   `json:"club"`
	Country   string   `json:"country"`
	Withdrawn bool     `json:"withdrawn"`
}

type wireRound struct {
	Matches *[]wireMatch `json:"matches"`
}

type wireMatch struct {
	A     *string         `json:"a"`
	B     json.RawMessage `json:"b"`
	Score *[]int          `json:"score"`
	Board int             `json:"board"`
}

// MaxRequest is the largest input DecodeRequest reads.
const MaxRequest = 64 << 20

// DecodeRequest reads one JSON document and checks it whole: a field
// missing, unknown or of the wrong type, an unknown system or method or
// player, a player twice in a round, a negative score are each an error
// naming it.
func DecodeRequest(r io.Reader) (*Request, error) {
	var w wireRequest
	if err := decodeJSON(r, &w); err != nil {
		return nil, err
	}
	return w.request()
}

// decodeJSON reads one JSON document of at most MaxRequest bytes into v,
// refusing unknown fields and a second document.
func decodeJSON(r io.Reader, v any) error {
	data, err := io.ReadAll(io.LimitReader(r, MaxRequest+1))
	if err != nil {
		return err
	}
	if len(data) > MaxRequest {
		return fmt.Errorf("the input is over %d MiB", MaxRequest>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return plain(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON document in the input")
	}
	return nil
}

// plain turns encoding/json's errors into sentences without Go's names.
func plain(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("the input is empty; want one JSON document")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the input ends in the middle of the JSON document")
	case errors.As(err, &syn):
		return fmt.Errorf("the input is not valid JSON at byte %d: %s", syn.Offset, syn.Error())
	case errors.As(err, &typ):
		want := typ.Type.Kind().String()
		switch want {
		case "slice", "array":
			want = "list"
		case "int", "uint64":
			want = "whole number"
		case "float64":
			want = "number"
		case "struct":
			want = "object"
		}
		return fmt.Errorf("%s: want a %s, got %s", typ.Field, want, typ.Value)
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

func (w *wireRequest) request() (*Request, error) {
	req := &Request{Tournament: Tournament{Points: DefaultPoints, PhantomScore: DefaultPhantomScore}}
	if w.System == nil {
		return nil, errors.New(`missing "system" (swiss, roundrobin or knockout)`)
	}
	req.System = *w.System
	switch req.System {
	case "swiss":
		if w.Method == nil {
			return nil, errors.New(`missing "method" (serial, dazed, staggered or dutch)`)
		}
		m, err := ParseMethod(*w.Method)
		if err != nil {
			return nil, err
		}
		req.Options.Method = m
	case "roundrobin", "knockout":
		if w.Method != nil {
			return nil, fmt.Errorf(`"method" is for a swiss system, not %s`, req.System)
		}
	default:
		return nil, fmt.Errorf("unknown system %q (have swiss, roundrobin, knockout)", req.System)
	}
	if req.System == "knockout" {
		if w.Seeds == nil {
			return nil, errors.New(`missing "seeds", the players' ids in seed order, for a knockout`)
		}
		req.Seeds = *w.Seeds
	} else if w.Seeds != nil {
		return nil, fmt.Errorf(`"seeds" is for a knockout, not %s`, req.System)
	}
	for _, o := range []struct {
		name string
		v    int
	}{{"delay_top", w.DelayTop}, {"avoid_compatriots", w.AvoidCompatriots}, {"avoid_clubmates", w.AvoidClubmates}} {
		if o.v < 0 {
			return nil, fmt.Errorf("%s: %d is negative", o.name, o.v)
		}
	}
	req.Options.DelayTop, req.Options.AvoidCompatriots, req.Options.AvoidClubmates = w.DelayTop, w.AvoidCompatriots, w.AvoidClubmates
	if p := w.Points; p != nil {
		for _, f := range []struct {
			v   *int
			dst *int
		}{{p.Win, &req.Points.Win}, {p.Draw, &req.Points.Draw}, {p.Loss, &req.Points.Loss}} {
			if f.v != nil {
				*f.dst = *f.v
			}
		}
	}
	if w.PhantomScore != nil {
		req.PhantomScore = *w.PhantomScore
	}
	if w.Seed != nil {
		req.Seed = *w.Seed
	}
	if w.Players == nil {
		return nil, errors.New(`missing "players"`)
	}
	for i, p := range *w.Players {
		if p.ID == nil {
			return nil, fmt.Errorf(`players[%d]: missing "id"`, i)
		}
		pl := Player{ID: *p.ID, Club: p.Club, Country: p.Country, Withdrawn: p.Withdrawn}
		if p.Rating != nil {
			pl.Rating = *p.Rating
		}
		req.Players = append(req.Players, pl)
	}
	if w.Rounds == nil {
		return nil, errors.New(`missing "rounds" (an empty list before the first round)`)
	}
	rounds, err := decodeRounds(*w.Rounds, "rounds")
	if err != nil {
		return nil, err
	}
	req.Rounds = rounds
	if err := req.Validate(); err != nil {
		return nil, err
	}
	if x := w.Finals; x != nil {
		if req.System != "swiss" {
			return nil, fmt.Errorf("finals follow a swiss, not %s", req.System)
		}
		if x.Places == nil || x.BestOf == nil || x.Rounds == nil {
			return nil, errors.New(`finals: want "places", "best_of" and "rounds" ([] before the first)`)
		}
		req.Finals = &Finals{Places: *x.Places, BestOf: *x.BestOf}
		if req.FinalsRounds, err = decodeRounds(*x.Rounds, "finals.rounds"); err != nil {
			return nil, err
		}
		if _, err := req.Ranking(); err != nil {
			return nil, err
		}
	}
	return req, nil
}

// decodeRounds checks and converts the rounds of the list named field.
func decodeRounds(rounds []wireRound, field string) ([]Round, error) {
	var out []Round
	for r, round := range rounds {
		if round.Matches == nil {
			return nil, fmt.Errorf(`%s[%d]: missing "matches"`, field, r)
		}
		var rd Round
		for m, x := range *round.Matches {
			where := fmt.Sprintf("%s[%d].matches[%d]", field, r, m)
			if x.A == nil {
				return nil, fmt.Errorf(`%s: missing "a"`, where)
			}
			if x.B == nil {
				return nil, fmt.Errorf(`%s: missing "b" (null for the phantom or a bye)`, where)
			}
			var b *string
			if err := json.Unmarshal(x.B, &b); err != nil {
				return nil, fmt.Errorf(`%s: "b" must be a player's id or null`, where)
			}
			if b != nil && *b == "" {
				return nil, fmt.Errorf(`%s: "b" is empty; the phantom is null`, where)
			}
			if x.Score == nil {
				return nil, fmt.Errorf(`%s: missing "score"`, where)
			}
			if len(*x.Score) != 2 {
				return nil, fmt.Errorf(`%s: "score" has %d numbers; want 2, a's and b's`, where, len(*x.Score))
			}
			match := Match{A: *x.A, Score: [2]int{(*x.Score)[0], (*x.Score)[1]}, Board: x.Board}
			if b != nil {
				match.B = *b
			}
			rd.Matches = append(rd.Matches, match)
		}
		out = append(out, rd)
	}
	return out, nil
}

// Pair answers a request: the next round and the standings so far.
func Pair(req *Request) (*Answer, error) {
	var pairs []Pairing
	var err error
	ans := &Answer{Round: len(req.Rounds) + 1, Matches: []AnswerMatch{}, Standings: []AnswerStanding{}}
	switch {
	case req.Finals != nil:
		// The finals replace the Swiss's next round.
		var ranking []string
		for _, s := range Standings(&req.Tournament, NoAdjustment) {
			ranking = append(ranking, s.ID)
		}
		out := req.withdrawn()
		ranking = FinalsSeeding(ranking, *req.Finals, finalists(req.FinalsRounds), out)
		if pairs, err = FinalsPairing(ranking, *req.Finals, req.FinalsRounds, out...); err == nil {
			ans.FinalRanking, err = FinalRanking(ranking, *req.Finals, req.FinalsRounds, out...)
		}
		ans.Round += len(req.FinalsRounds)
	case req.System == "swiss":
		pairs, err = Swiss(&req.Tournament, req.Options)
	case req.System == "roundrobin":
		pairs, err = RoundRobin(&req.Tournament)
	case req.System == "knockout":
		pairs, err = Knockout(&req.Tournament, req.Seeds)
	default:
		err = fmt.Errorf("unknown system %q (have swiss, roundrobin, knockout)", req.System)
	}
	if err != nil {
		return nil, err
	}
	for _, p := range pairs {
		m := AnswerMatch{Board: p.Board, A: p.A}
		if p.B != "" {
			b := p.B
			m.B = &b
		}
		ans.Matches = append(ans.Matches, m)
	}
	for _, s := range Standings(&req.Tournament, NoAdjustment) {
		ans.Standings = append(ans.Standings, AnswerStanding{Rank: s.Rank, ID: s.ID, Points: s.Points, Buchholz: s.Buchholz, Net: s.Net, Total: s.Total})
	}
	return ans, nil
}

// Encode writes the request back in the input format of "carrom tourney
// pair", one line.
func (req *Request) Encode(w io.Writer) error {
	return json.NewEncoder(w).Encode(req.wire())
}

type outPlayer struct {
	ID        string   `json:"id"`
	Rating    *float64 `json:"rating,omitempty"`
	Club      string   `json:"club,omitempty"`
	Country   string   `json:"country,omitempty"`
	Withdrawn bool     `json:"withdrawn"`
}

type outMatch struct {
	A     string  `json:"a"`
	B     *string `json:"b"`
	Score [2]int  `json:"score"`
	Board int     `json:"board,omitempty"`
}

type outRound struct {
	Matches []outMatch `json:"matches"`
}

type outRequest struct {
	System           string         `json:"system"`
	Method           string         `json:"method,omitempty"`
	Points           map[string]int `json:"points"`
	PhantomScore     int            `json:"phantom_score"`
	Players          []outPlayer    `json:"players"`
	Rounds           []outRound     `json:"rounds"`
	Seed             uint64         `json:"seed"`
	Seeds            []string       `json:"seeds,omitempty"`
	DelayTop         int            `json:"delay_top,omitempty"`
	AvoidCompatriots int            `json:"avoid_compatriots,omitempty"`
	AvoidClubmates   int            `json:"avoid_clubmates,omitempty"`
	Finals           *outFinals     `json:"finals,omitempty"`
}

func (req *Request) wire() outRequest {
	out := outRequest{System: req.System, Method: string(req.Options.Method), PhantomScore: req.PhantomScore, Seed: req.Seed, Seeds: req.Seeds,
		Points:   map[string]int{"win": req.Points.Win, "draw": req.Points.Draw, "loss": req.Points.Loss},
		DelayTop: req.Options.DelayTop, AvoidCompatriots: req.Options.AvoidCompatriots, AvoidClubmates: req.Options.AvoidClubmates,
		Players: []outPlayer{}, Rounds: wireRounds(req.Rounds)}
	if req.Finals != nil {
		out.Finals = &outFinals{Places: req.Finals.Places, BestOf: req.Finals.BestOf, Rounds: wireRounds(req.FinalsRounds)}
	}
	for _, p := range req.Players {
		pl := outPlayer{ID: p.ID, Club: p.Club, Country: p.Country, Withdrawn: p.Withdrawn}
		if p.Rating > 0 {
			r := p.Rating
			pl.Rating = &r
		}
		out.Players = append(out.Players, pl)
	}
	return out
}

func wireRounds(rounds []Round) []outRound {
	out := []outRound{}
	for _, r := range rounds {
		rd := outRound{Matches: []outMatch{}}
		for _, m := range r.Matches {
			x := outMatch{A: m.A, Score: m.Score, Board: m.Board}
			if m.B != "" {
				b := m.B
				x.B = &b
			}
			rd.Matches = append(rd.Matches, x)
		}
		out = append(out, rd)
	}
	return out
}
