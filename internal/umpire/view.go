package umpire

import (
	"encoding/json"
	"slices"

	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// State is what the sheet reads of a referee's answer line: the fields
// that the colour rule sets (record.Match) and the variants without
// colours (record.Variant) share, and the games of the former.
type State struct {
	Turn     int    `json:"turn"`
	Awaiting string `json:"awaiting"`
	Game     int    `json:"game"`
	Games    [2]int `json:"games"`
	Score    []int  `json:"score"`
	Board    struct {
		Number    int           `json:"number"`
		Breaker   int           `json:"breaker"`
		White     int           `json:"white"`
		OnBoard   record.Counts `json:"on_board"`
		Queen     string        `json:"queen"`
		QueenSide *int          `json:"queen_side"`
	} `json:"board"`
	Result      *record.Result `json:"result"`
	GameWinner  *int           `json:"game_winner"`
	MatchWinner *int           `json:"match_winner"`
	Ruling      *record.Ruling `json:"ruling"`
}

// mustState reads an answer line of the referee, which package record
// wrote from a state: it always reads back.
func mustState(reply []byte) State {
	var st State
	if err := json.Unmarshal(reply, &st); err != nil {
		panic("umpire: reading the referee's answer: " + err.Error())
	}
	return st
}

// View is the sheet as the page and the API show it.
type View struct {
	Config Config `json:"config"`
	// Seq is the number of the last operation applied; the next is Seq+1.
	Seq int64 `json:"seq"`
	// Start is the referee's state before the first entry; State its
	// state now (carrom referee's answer to the last entry, or Start).
	Start   json.RawMessage `json:"start"`
	State   json.RawMessage `json:"state"`
	Entries []EntryView     `json:"entries"`
	Boards  []BoardView     `json:"boards"`
	// Locked entries belong to the Signed boards and can no longer change.
	Locked int `json:"locked"`
	Signed int `json:"signed"`
	// MustSign is the board that is over and waits for its signature
	// before the next board's entries, or 0.
	MustSign int `json:"must_sign"`
	// QueenValue is, by side, what the queen adds to a board that side
	// wins now (RULES Q-12: nothing once its score is over 21; H-7 in the
	// family rules); absent without colours.
	QueenValue []int `json:"queen_value,omitempty"`
	// Over: the match is decided and every board signed.
	Over bool `json:"over"`
	// Winner is the side (or, without colours, the player) that won the
	// match, once decided.
	Winner *int        `json:"winner"`
	Stats  []SideStats `json:"stats"`
}

// EntryView is one entry and the referee's answer.
type EntryView struct {
	N     int             `json:"n"`
	Seat  int             `json:"seat"`  // the seat in turn when it was made
	Board int             `json:"board"` // the board it belongs to, counted over the match from 1
	Line  json.RawMessage `json:"line"`
	Reply json.RawMessage `json:"reply"`
}

// BoardView is one board of the scoresheet.
type BoardView struct {
	N       int    `json:"n"`      // over the match, from 1
	Game    int    `json:"game"`   // 0 without colours
	Number  int    `json:"number"` // within the game
	Breaker int    `json:"breaker"`
	White   int    `json:"white"` // the side playing white
	Winner  *int   `json:"winner"`
	Points  int    `json:"points"`
	Rule    string `json:"rule"`
	Slam    string `json:"slam,omitempty"`
	// Queen is the side that covered the queen, or null.
	Queen *int `json:"queen"`
	// Score is the game's score after the board; Games the games won.
	Score      []int  `json:"score"`
	Games      [2]int `json:"games"`
	GameWinner *int   `json:"game_winner"`
	// First and Last are the board's entry numbers.
	First   int  `json:"first"`
	Last    int  `json:"last"`
	Strokes int  `json:"strokes"`
	Over    bool `json:"over"`
	Signed  bool `json:"signed"`
}

// SideStats are a side's (or, without colours, a player's) figures over
// the sheet, with the definitions of ai.Tally, which the bench and the
// players' profiles count with: a stroke is a stroke entry; a scoring
// stroke pockets at least one own c/m (any c/m without colours); a foul
// is a stroke ruled one (RULES D-5, H-2), a due is not; a queen covered
// is a stroke after which the queen is the side's, covered, where before
// it was not; a slam is a board won in the winner's first turn.
type SideStats struct {
	Boards  int `json:"boards"` // boards won
	Queens  int `json:"queens"` // queens covered
	Slams   int `json:"slams"`
	Strokes int `json:"strokes"`
	Scoring int `json:"scoring"`
	Fouls   int `json:"fouls"`
}

// View describes the sheet from the answers it keeps.
func (s Sheet) View() View {
	v := View{Config: s.Config, Seq: s.Seq, Start: s.start, State: s.start, Entries: []EntryView{}, Boards: []BoardView{}, Locked: s.locked, Signed: s.signed}
	colours := s.Config.colours()
	sides := s.Config.Players
	if colours {
		sides = 2
	}
	v.Stats = make([]SideStats, sides)
	side := func(seat int) int { return seat % sides }
	var cur *BoardView
	for i, e := range s.played {
		if cur == nil {
			b := e.Before.Board
			v.Boards = append(v.Boards, BoardView{N: len(v.Boards) + 1, Game: e.Before.Game, Number: b.Number, Breaker: b.Breaker, White: b.White, First: i + 1})
			cur = &v.Boards[len(v.Boards)-1]
		}
		cur.Last = i + 1
		v.Entries = append(v.Entries, EntryView{N: i + 1, Seat: e.Before.Turn, Board: cur.N, Line: e.Line, Reply: e.Reply})
		v.State = e.Reply
		in, _ := record.DecodeRefereeInput(e.Line)
		if st := in.Stroke; st != nil {
			countStroke(v.Stats, cur, e, *st, side(e.Before.Turn), colours)
		}
		if e.After.Result == nil {
			continue
		}
		endBoard(v.Stats, cur, e)
		cur.Signed = cur.N <= s.signed
		cur = nil
	}
	now := mustState(v.State)
	if s.ended > s.signed {
		v.MustSign = s.signed + 1
	}
	if colours {
		r, _ := rules.ByName(s.Config.Rules)
		v.QueenValue = make([]int, 2)
		for sd := range 2 {
			v.QueenValue[sd] = r.QueenPoints
			if sd < len(now.Score) && now.Score[sd] > r.QueenFullUpTo {
				v.QueenValue[sd] = r.QueenReducedPoints
			}
		}
	}
	v.Winner = now.MatchWinner
	v.Over = now.Awaiting == rules.AwaitNothing.String() && v.MustSign == 0
	return v
}

// countStroke counts the stroke st of side sd (entry e) in its side's
// statistics and its board's.
func countStroke(stats []SideStats, cur *BoardView, e *Played, st record.Stroke, sd int, colours bool) {
	cur.Strokes++
	stats[sd].Strokes++
	own := st.White
	if colours && e.Before.Board.White != sd {
		own = st.Black
	}
	if !colours {
		own = st.White + st.Black
	}
	if own > 0 {
		stats[sd].Scoring++
	}
	if hasRule(e.After.Ruling, "D-5") || hasRule(e.After.Ruling, "H-2") {
		stats[sd].Fouls++
	}
	if covered(e, sd, own, st) {
		stats[sd].Queens++
		cur.Queen = &sd
	}
}

// endBoard closes the board cur, which entry e ended: its result and
// score, and the winner's boards and slams.
func endBoard(stats []SideStats, cur *BoardView, e *Played) {
	r := e.After.Result
	cur.Over, cur.Winner, cur.Points, cur.Rule, cur.Slam = true, r.Winner, r.Points, r.Rule, r.Slam
	cur.Score, cur.Games, cur.GameWinner = e.After.Score, e.After.Games, e.After.GameWinner
	if e.After.GameWinner != nil {
		cur.Score = e.Before.Score
		if gs := gameScore(e.Reply); gs != nil {
			cur.Score = gs
		}
	}
	if r.Winner != nil && *r.Winner < len(stats) {
		stats[*r.Winner].Boards++
		if r.Slam != "" {
			stats[*r.Winner].Slams++
		}
	}
}

// covered says whether side's stroke st (own: the own c/m it pocketed)
// covered the queen, as ai.Tally reads it: while the board goes on the
// board says so; a stroke that ends the board covers it if it pocketed an
// own c/m with the queen, or with the queen awaiting the side's cover, and
// was neither a foul nor a due (RULES ).
func covered(e *Played, side, own int, st record.Stroke) bool {
	b, a := e.Before.Board, e.After
	if b.Queen == "covered" {
		return false
	}
	if a.Result == nil {
		return a.Board.Queen == "covered" && a.Board.QueenSide != nil && *a.Board.QueenSide == side
	}
	if own == 0 || st.Foul || st.Striker || hasRule(a.Ruling, "H-2") {
		return false
	}
	return st.Queen || b.Queen == "pending" && b.QueenSide != nil && *b.QueenSide == side
}

func hasRule(r *record.Ruling, id string) bool { return r != nil && slices.Contains(r.Rules, id) }

// gameScore is the final score of the game an answer ended.
func gameScore(reply []byte) []int {
	var g struct {
		GameScore *[2]int `json:"game_score"`
	}
	if json.Unmarshal(reply, &g) != nil || g.GameScore == nil {
		return nil
	}
	return g.GameScore[:]
}
