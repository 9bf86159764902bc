package umpire

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Text writes the sheet as a match record in the spirit of
// docs/notation.md: headers in PGN's form, a blank line, then one line per
// entry: its number, the seat in turn, the entry as the referee input line
// carrom referee reads, and the rule IDs of the referee's ruling; each
// board's result follows its last entry as a comment. A real board has no
// trajectories, so the entries are the strokes' outcomes only. date is the
// day the sheet was opened, YYYY-MM-DD.
func (s Sheet) Text(date string) string {
	v := s.View()
	c := v.Config
	var b strings.Builder
	header := func(k, val string) { fmt.Fprintf(&b, "[%s %s]\n", k, strconv.Quote(val)) }
	if c.Event != "" {
		header("Event", c.Event)
	}
	header("Date", date)
	header("Rules", c.Rules)
	header("Players", strconv.Itoa(c.Players))
	for i, n := range c.Names {
		header(fmt.Sprintf("Seat%d", i), n)
	}
	if c.Umpire != "" {
		header("Umpire", c.Umpire)
	}
	header("Result", result(c, v.Winner))
	b.WriteString("\n")
	boards := map[int]BoardView{}
	for _, bv := range v.Boards {
		boards[bv.Last] = bv
	}
	for _, e := range v.Entries {
		fmt.Fprintf(&b, "%d. %d %s", e.N, e.Seat, e.Line)
		var r struct {
			Ruling *struct {
				Rules []string `json:"rules"`
			} `json:"ruling"`
		}
		if json.Unmarshal(e.Reply, &r) == nil && r.Ruling != nil {
			for _, id := range r.Ruling.Rules {
				b.WriteString(" " + id)
			}
		}
		b.WriteString("\n")
		if bv, ok := boards[e.N]; ok && bv.Winner != nil {
			fmt.Fprintf(&b, "{board %d", bv.N)
			if bv.Game > 0 {
				fmt.Fprintf(&b, ", game %d board %d: side %d", bv.Game, bv.Number, *bv.Winner)
			} else {
				fmt.Fprintf(&b, ": player %d", *bv.Winner)
			}
			fmt.Fprintf(&b, ", %d points (%s)}\n", bv.Points, bv.Rule)
		}
	}
	return b.String()
}

// result is the Result header of notation.md: 1-0 or 0-1 for the side
// that won, "player K" in a variant, * while the match goes on.
func result(c Config, winner *int) string {
	switch {
	case winner == nil:
		return "*"
	case !c.colours():
		return "player " + strconv.Itoa(*winner)
	case *winner == 0:
		return "1-0"
	}
	return "0-1"
}
