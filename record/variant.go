package record

import "github.com/carrom-game/carrom/rules"

// Variant is the state of a colourless variant's board as JSON (carrom
// referee -rules point|three|pockets): the ICF fields that make sense
// without colours, and each player's holding. Players are numbered 0…N-1
// in turn order.
type Variant struct {
	Turn        int          `json:"turn"`
	Awaiting    string       `json:"awaiting"`
	Score       []int        `json:"score"`
	Held        []Counts     `json:"held"`
	Board       VariantBoard `json:"board"`
	Result      *Result      `json:"result"`
	MatchWinner *int         `json:"match_winner"`
	Ruling      *Ruling      `json:"ruling,omitempty"`
	Rules       string       `json:"rules"`
	Players     int          `json:"players"`
}

// Values are what each piece is worth in a variant without colours.
type Values struct {
	White int `json:"white"`
	Black int `json:"black"`
	Queen int `json:"queen"`
}

// VariantBoard is the board of a colourless variant.
type VariantBoard struct {
	Broken    bool   `json:"broken"`
	OnBoard   Counts `json:"on_board"`
	Queen     string `json:"queen"`
	QueenSide *int   `json:"queen_side"`
	Owed      []int  `json:"owed"`
	Attempts  int    `json:"attempts"`
	// Owner is each pocket's owner (null: free), for buying the pockets.
	Owner []*int `json:"owner,omitempty"`
}

func player(p int) *int {
	if p == rules.NoPlayer {
		return nil
	}
	return &p
}

// FromColourless is the JSON form of g, with the ruling of the input that
// led to it (nil for none).
func FromColourless(g rules.Colourless, rul *rules.Ruling) Variant {
	out := Variant{
		Turn:     g.Turn,
		Awaiting: g.Awaiting.String(),
		Score:    make([]int, g.Players),
		Held:     make([]Counts, g.Players),
		Board: VariantBoard{
			Broken:    g.Broken,
			OnBoard:   Counts{White: g.OnBoard.White, Black: g.OnBoard.Black, Queen: g.OnBoard.Queen},
			Queen:     g.Queen.String(),
			QueenSide: player(g.QueenSide),
			Owed:      append([]int{}, g.Owed[:g.Players]...),
			Attempts:  g.Attempts,
		},
		MatchWinner: player(g.Winner),
		Rules:       g.Variant.Name(),
		Players:     g.Players,
	}
	for p := range g.Players {
		h := g.Held[p]
		out.Score[p] = g.Points(p)
		out.Held[p] = Counts{White: h.White, Black: h.Black, Queen: h.Queen}
	}
	if g.Variant.Buys() {
		for _, o := range g.Owner {
			out.Board.Owner = append(out.Board.Owner, player(o))
		}
	}
	if rul == nil {
		return out
	}
	out.Ruling = fromRuling(*rul)
	if r := rul.Result; r != nil {
		out.Result = &Result{Winner: side(r.Winner), Points: r.Points, Rule: r.Rule}
	}
	return out
}
