package tournament

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/tourney"
)

// The bodies of the tournaments' requests, read strictly (record.DecodeJSON)
// and checked whole: each function here says in a sentence what is wrong.

type pointsJSON struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Loss int `json:"loss"`
}

type createBody struct {
	Name         string      `json:"name"`
	Date         string      `json:"date"`
	Place        string      `json:"place"`
	Rules        string      `json:"rules"`
	Singles      *bool       `json:"singles"`
	System       string      `json:"system"`
	Method       string      `json:"method"`
	Rounds       int         `json:"rounds"`
	Points       *pointsJSON `json:"points"`
	PhantomScore *int        `json:"phantom_score"`
	Format       string      `json:"format"`
	swissOptionsBody
}

// swissOptionsBody is a Swiss's pairing options, each a number of rounds
// (tourney.SwissOptions).
type swissOptionsBody struct {
	DelayTop         int `json:"delay_top"`
	AvoidCompatriots int `json:"avoid_compatriots"`
	AvoidClubmates   int `json:"avoid_clubmates"`
}

// swissOptions checks a Swiss's pairing options into t: each 0 (none) to
// MaxRounds, and only for a Swiss.
func swissOptions(b swissOptionsBody, t *carrom.Tournament) error {
	for _, o := range []struct {
		field string
		n     int
	}{{"delay_top", b.DelayTop}, {"avoid_compatriots", b.AvoidCompatriots}, {"avoid_clubmates", b.AvoidClubmates}} {
		switch {
		case o.n < 0 || o.n > MaxRounds:
			return httpapi.Refuse(ErrBad, "%s: %d; want 0 (none) to %d rounds", o.field, o.n, MaxRounds)
		case o.n > 0 && t.System != "swiss":
			return httpapi.Refuse(ErrBad, "%s is an option of a swiss, not of a %s", o.field, t.System)
		}
	}
	t.DelayTop, t.AvoidCompatriots, t.AvoidClubmates = b.DelayTop, b.AvoidCompatriots, b.AvoidClubmates
	return nil
}

// The match formats: as the laws play a match, or a time limit per round
// (the round's clock) with the score at the bell.
const (
	FormatLaws = "laws"
	FormatBell = "bell"
)

// decodeCreate reads a new tournament: every field but its name and
// rounds has a default (today, ICF rules, singles, a Swiss paired dazed
// with no pairing options, 2-1-0 points, the phantom's 25-0, the laws'
// matches).
func decodeCreate(data []byte, today time.Time) (carrom.Tournament, error) {
	var b createBody
	if err := record.DecodeJSON(data, &b); err != nil {
		return carrom.Tournament{}, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	t := carrom.Tournament{Rules: "icf", Singles: true, System: "swiss", Method: string(tourney.Dazed), Rounds: b.Rounds,
		Win: tourney.DefaultPoints.Win, Draw: tourney.DefaultPoints.Draw, Loss: tourney.DefaultPoints.Loss, Phantom: tourney.DefaultPhantomScore, Format: FormatLaws}
	var err error
	if t.Name, err = text("name", b.Name, true); err != nil {
		return t, err
	}
	if t.Place, err = text("place", b.Place, false); err != nil {
		return t, err
	}
	t.Date = today.Format(time.DateOnly)
	if b.Date != "" {
		if _, err := time.Parse(time.DateOnly, b.Date); err != nil {
			return t, httpapi.Refuse(ErrBad, "date %q: want a day as YYYY-MM-DD", b.Date)
		}
		t.Date = b.Date
	}
	if b.Rules != "" {
		t.Rules = b.Rules
	}
	if t.Rules != "icf" && t.Rules != "family" {
		return t, httpapi.Refuse(ErrBad, "rules %q: want icf or family", b.Rules)
	}
	if b.Singles != nil {
		t.Singles = *b.Singles
	}
	switch b.Format {
	case "":
	case FormatLaws, FormatBell:
		t.Format = b.Format
	default:
		return t, httpapi.Refuse(ErrBad, "format %q: want laws (a match as the laws play it) or bell (a time limit per round, the score at the bell)", b.Format)
	}
	if b.System != "" {
		t.System = b.System
	}
	switch t.System {
	case "swiss":
		if b.Method != "" {
			m, err := tourney.ParseMethod(b.Method)
			if err != nil {
				return t, httpapi.Refuse(ErrBad, "%v", err)
			}
			t.Method = string(m)
		}
	case "roundrobin", "knockout":
		if b.Method != "" {
			return t, httpapi.Refuse(ErrBad, "a method is for a swiss, not a %s", t.System)
		}
		t.Method = ""
	default:
		return t, httpapi.Refuse(ErrBad, "system %q: want swiss, roundrobin or knockout", b.System)
	}
	if err := swissOptions(b.swissOptionsBody, &t); err != nil {
		return t, err
	}
	if t.Rounds < 1 || t.Rounds > MaxRounds {
		return t, httpapi.Refuse(ErrBad, "rounds: %d; want 1 to %d", b.Rounds, MaxRounds)
	}
	if p := b.Points; p != nil {
		if !(MaxScore >= p.Win && p.Win >= p.Draw && p.Draw >= p.Loss && p.Loss >= 0) {
			return t, httpapi.Refuse(ErrBad, "points: want %d ≥ win ≥ draw ≥ loss ≥ 0, got %d, %d, %d", MaxScore, p.Win, p.Draw, p.Loss)
		}
		t.Win, t.Draw, t.Loss = p.Win, p.Draw, p.Loss
	}
	if b.PhantomScore != nil {
		if *b.PhantomScore < 0 || *b.PhantomScore > MaxScore {
			return t, httpapi.Refuse(ErrBad, "phantom_score: %d; want 0 to %d", *b.PhantomScore, MaxScore)
		}
		t.Phantom = *b.PhantomScore
	}
	return t, nil
}

// text checks a name, place, club or country: trimmed, at most MaxText
// bytes, printable; required or not.
func text(field, s string, required bool) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "" && required:
		return "", httpapi.Refuse(ErrBad, "%s: missing", field)
	case len(s) > MaxText:
		return "", httpapi.RefuseCoded(ErrBad, "text_too_long", map[string]any{"Max": MaxText}, "%s: %d bytes; %d at most", field, len(s), MaxText)
	case strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) || r == unicode.ReplacementChar }):
		return "", httpapi.Refuse(ErrBad, "%s: only printable characters", field)
	}
	return s, nil
}

type playerBody struct {
	Account string `json:"account"`
	Name    string `json:"name"`
	Club    string `json:"club"`
	Country string `json:"country"`
	Rating  int    `json:"rating"`
}

// decodePlayer reads an entrant: an account by its name, or a guest by
// name; club, country and rating are optional.
func decodePlayer(data []byte) (playerBody, error) {
	var b playerBody
	if err := record.DecodeJSON(data, &b); err != nil {
		return b, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	var err error
	b.Account = strings.TrimSpace(b.Account)
	switch {
	case b.Account != "" && strings.TrimSpace(b.Name) != "":
		return b, httpapi.Refuse(ErrBad, "give an account's name or a guest's name, not both")
	case b.Account == "" && strings.TrimSpace(b.Name) == "":
		return b, httpapi.RefuseCoded(ErrBad, "entrant_missing", nil, "name: missing")
	case b.Account == "":
		if b.Name, err = text("name", b.Name, true); err != nil {
			return b, err
		}
	default:
		// The account's own name is the entrant's.
		b.Name = ""
	}
	if b.Club, err = text("club", b.Club, false); err != nil {
		return b, err
	}
	if b.Country, err = text("country", b.Country, false); err != nil {
		return b, err
	}
	if b.Rating < 0 || b.Rating > MaxRating {
		return b, httpapi.Refuse(ErrBad, "rating: %d; want 0 (unrated) to %d", b.Rating, MaxRating)
	}
	return b, nil
}

type withdrawBody struct {
	Withdrawn bool `json:"withdrawn"`
}

type resultBody struct {
	Score []int `json:"score"`
}

// decodeResult reads a score typed by hand: [a's, b's], each 0 to MaxScore.
func decodeResult(data []byte) ([2]int, error) {
	var b resultBody
	if err := record.DecodeJSON(data, &b); err != nil {
		return [2]int{}, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	if len(b.Score) != 2 {
		return [2]int{}, httpapi.Refuse(ErrBad, "score: want two numbers, the first player's and the second's")
	}
	for _, x := range b.Score {
		if x < 0 || x > MaxScore {
			return [2]int{}, httpapi.RefuseCoded(ErrBad, "score_range", map[string]any{"Max": MaxScore}, "score: %d; want 0 to %d", x, MaxScore)
		}
	}
	return [2]int{b.Score[0], b.Score[1]}, nil
}

type pairingBody struct {
	Matches []struct {
		Board int  `json:"board"`
		A     int  `json:"a"`
		B     *int `json:"b"`
	} `json:"matches"`
}

// decodePairing reads a correction of a round's pairing: the boards that
// change, each with its players by number (b null: the phantom).
func decodePairing(data []byte) ([]carrom.TournamentMatch, error) {
	var b pairingBody
	if err := record.DecodeJSON(data, &b); err != nil {
		return nil, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	if len(b.Matches) == 0 {
		return nil, httpapi.Refuse(ErrBad, "matches: give the boards that change")
	}
	var out []carrom.TournamentMatch
	for i, m := range b.Matches {
		x := carrom.TournamentMatch{Board: m.Board, A: m.A}
		if m.B != nil {
			x.B = *m.B
			if x.B < 1 {
				return nil, httpapi.Refuse(ErrBad, "matches[%d]: b %d; want a player's number, or null for the phantom", i, x.B)
			}
		}
		if x.A < 1 {
			return nil, httpapi.Refuse(ErrBad, "matches[%d]: a %d; want a player's number", i, x.A)
		}
		if slices.ContainsFunc(out, func(o carrom.TournamentMatch) bool { return o.Board == x.Board }) {
			return nil, httpapi.Refuse(ErrBad, "matches[%d]: board %d is given twice", i, x.Board)
		}
		out = append(out, x)
	}
	return out, nil
}

// scoreText is a score as the log writes it.
func scoreText(s [2]int) string { return fmt.Sprintf("%d-%d", s[0], s[1]) }
