package record

import "github.com/carrom-game/carrom/rules"

// Match is the referee's state as JSON. Its field names are a fixed
// contract (carrom referee): fields may be added, never renamed or dropped.
type Match struct {
	Turn        int      `json:"turn"`
	Awaiting    string   `json:"awaiting"`
	Game        int      `json:"game"`
	Games       [2]int   `json:"games"`
	Score       [2]int   `json:"score"`
	Board       Board    `json:"board"`
	Result      *Result  `json:"result"`
	GameWinner  *int     `json:"game_winner"`
	GameScore   *[2]int  `json:"game_score,omitempty"`
	MatchWinner *int     `json:"match_winner"`
	Ruling      *Ruling  `json:"ruling,omitempty"`
	Rules       string   `json:"rules"`
	Players     int      `json:"players"`
	Claimable   *[2]bool `json:"claimable,omitempty"`
	ChangeSides bool     `json:"change_sides,omitempty"`
}

// Board is the board in play.
type Board struct {
	Number    int    `json:"number"`
	Breaker   int    `json:"breaker"`
	White     int    `json:"white"`
	Broken    bool   `json:"broken"`
	OnBoard   Counts `json:"on_board"`
	Owed      [2]int `json:"owed"`
	Queen     string `json:"queen"`
	QueenSide *int   `json:"queen_side"`
	Attempts  int    `json:"attempts"`
	// Technical: technical-foul penalties waiting for each side's next turn
	// (RULES D-9); left out while there are none.
	Technical [2]int `json:"technical,omitzero"`
}

// Counts are numbers of pieces.
type Counts struct {
	White int  `json:"white"`
	Black int  `json:"black"`
	Queen bool `json:"queen"`
}

// Result is how a board ended.
type Result struct {
	Winner *int   `json:"winner"`
	Points int    `json:"points"`
	Rule   string `json:"rule"`
	Slam   string `json:"slam,omitempty"`
}

// Ruling is what the referee said of the last input.
type Ruling struct {
	Rules    []string  `json:"rules"`
	TurnKept bool      `json:"turn_kept"`
	Place    []Placing `json:"place"`
	Centre   []string  `json:"centre"`
}

// Placing is c/m to put back, by a seat or (placer null) on the centre.
type Placing struct {
	Colour string `json:"colour"`
	Count  int    `json:"count"`
	Placer *int   `json:"placer"`
	Rule   string `json:"rule"`
}

func side(s rules.Side) *int {
	if s == rules.NoSide {
		return nil
	}
	v := int(s)
	return &v
}

// FromMatch is the JSON form of m, with the ruling of the input that led
// to it (nil for none).
func FromMatch(m rules.Match, rul *rules.Ruling) Match {
	b := m.Board
	out := Match{
		Turn:     m.Turn,
		Awaiting: m.Awaiting.String(),
		Game:     m.Game,
		Games:    m.Games,
		Score:    m.Score,
		Board: Board{
			Number:    b.Number,
			Breaker:   b.Breaker,
			White:     int(b.White),
			Broken:    b.Broken,
			OnBoard:   Counts{White: b.OnBoard.White, Black: b.OnBoard.Black, Queen: b.OnBoard.Queen},
			Owed:      b.Owed,
			Queen:     b.Queen.String(),
			QueenSide: side(b.QueenSide),
			Attempts:  b.Attempts,
			Technical: b.Technical,
		},
		MatchWinner: side(m.Winner),
		Rules:       m.Rules.Name,
		Players:     m.Players,
	}
	if b.Claimable != [2]bool{} {
		claim := b.Claimable
		out.Claimable = &claim
	}
	if rul == nil {
		return out
	}
	out.Ruling = fromRuling(*rul)
	if r := rul.Result; r != nil {
		out.Result = &Result{Winner: side(r.Winner), Points: r.Points, Rule: r.Rule, Slam: r.Slam}
	}
	out.GameWinner = side(rul.GameWinner)
	if rul.GameWinner != rules.NoSide {
		score := rul.GameScore
		out.GameScore = &score
	}
	out.ChangeSides = rul.ChangeSides
	return out
}

// fromRuling is the JSON form of a ruling's rules, turn and pieces to move.
func fromRuling(rul rules.Ruling) *Ruling {
	out := &Ruling{Rules: append([]string{}, rul.Applied...), TurnKept: rul.TurnKept, Place: []Placing{}, Centre: []string{}}
	for _, p := range rul.Place {
		pj := Placing{Colour: p.Colour.String(), Count: p.Count, Rule: p.Rule}
		if p.Placer != rules.CentrePlacer {
			seat := p.Placer
			pj.Placer = &seat
		}
		out.Place = append(out.Place, pj)
	}
	for _, c := range rul.Centre {
		out.Centre = append(out.Centre, c.String())
	}
	return out
}
