package tourney

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// FileFormat is the version a tournament file names in its "format" field,
// the one written; a reader reads it and FileFormatV1, and refuses any
// other (docs/tournaments.md, "The tournament file").
const FileFormat = "carrom-tourney/2"

// FileFormatV1 is the first version, a file without doubles' pairs: it
// reads as it did.
const FileFormatV1 = "carrom-tourney/1"

// File is a whole tournament as kept in a file: what "carrom tourney pair"
// reads (the system and its options, the players, the rounds with boards
// and scores, the seed), its name, its finals and its prize method.
type File struct {
	Name string
	Request
	Prizes PrizeMethod
	// MatchFormat is how a match is played: "" or "laws" (as the laws
	// say), or "bell" (a time limit per round, the score at the bell).
	MatchFormat string
	// Doubles says the entrants are pairs; Pairs holds, for each player's
	// id, the names of the pair's two players, the first then the partner.
	Doubles bool
	Pairs   map[string][2]string
}

type wireFile struct {
	Format      *string    `json:"format"`
	Name        string     `json:"name"`
	Prizes      *string    `json:"prizes"`
	MatchFormat *string    `json:"match_format"`
	Doubles     bool       `json:"doubles"`
	Pairs       []wirePair `json:"pairs"`
	wireRequest
}

// wirePair is an entrant of doubles: its id in the file and its two
// players' names.
type wirePair struct {
	ID      string   `json:"id"`
	Players []string `json:"players"`
}

type wireFinals struct {
	Places *int         `json:"places"`
	BestOf *int         `json:"best_of"`
	Rounds *[]wireRound `json:"rounds"`
}

// ParseFile reads a tournament file and checks it whole, as DecodeRequest
// does, and its finals against the standings after the Swiss.
func ParseFile(r io.Reader) (*File, error) {
	var w wireFile
	if err := decodeJSON(r, &w); err != nil {
		return nil, err
	}
	if w.Format == nil {
		return nil, fmt.Errorf(`missing "format" (%q)`, FileFormat)
	}
	if *w.Format != FileFormat && *w.Format != FileFormatV1 {
		return nil, fmt.Errorf("format %q is not one this version reads (%s or %s)", *w.Format, FileFormat, FileFormatV1)
	}
	req, err := w.request()
	if err != nil {
		return nil, err
	}
	f := &File{Name: w.Name, Request: *req, Prizes: NoPrizes, Doubles: w.Doubles}
	if f.Pairs, err = w.pairs(req.Players); err != nil {
		return nil, err
	}
	if w.MatchFormat != nil {
		switch *w.MatchFormat {
		case "laws":
		case "bell":
			f.MatchFormat = "bell"
		default:
			return nil, fmt.Errorf("match_format %q: want laws or bell", *w.MatchFormat)
		}
	}
	if w.Prizes != nil {
		if f.Prizes, err = ParsePrizeMethod(*w.Prizes); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// pairs checks a file's pairs: none before version 2 or in singles, and
// in doubles one of two named players for each player, in any order.
func (w *wireFile) pairs(players []Player) (map[string][2]string, error) {
	if *w.Format == FileFormatV1 && (w.Doubles || w.Pairs != nil) {
		return nil, fmt.Errorf(`"doubles" and "pairs" are fields of %s, not of %s`, FileFormat, FileFormatV1)
	}
	if !w.Doubles {
		if w.Pairs != nil {
			return nil, errors.New(`"pairs" are for doubles: give "doubles": true`)
		}
		return nil, nil
	}
	out := make(map[string][2]string, len(w.Pairs))
	for i, p := range w.Pairs {
		switch {
		case !slices.ContainsFunc(players, func(pl Player) bool { return pl.ID == p.ID }):
			return nil, fmt.Errorf("pairs[%d]: unknown player %q", i, p.ID)
		case len(p.Players) != 2 || p.Players[0] == "" || p.Players[1] == "":
			return nil, fmt.Errorf("pairs[%d]: %q: want \"players\", the names of its two players", i, p.ID)
		}
		if _, twice := out[p.ID]; twice {
			return nil, fmt.Errorf("pairs[%d]: %q has a pair already", i, p.ID)
		}
		out[p.ID] = [2]string{p.Players[0], p.Players[1]}
	}
	for _, p := range players {
		if _, ok := out[p.ID]; !ok {
			return nil, fmt.Errorf("player %q has no pair: in doubles each player is a pair, in \"pairs\"", p.ID)
		}
	}
	return out, nil
}

type outFile struct {
	Format      string     `json:"format"`
	Name        string     `json:"name"`
	Prizes      string     `json:"prizes"`
	MatchFormat string     `json:"match_format,omitempty"`
	Doubles     bool       `json:"doubles,omitempty"`
	Pairs       []wirePair `json:"pairs,omitempty"`
	outRequest
}

type outFinals struct {
	Places int        `json:"places"`
	BestOf int        `json:"best_of"`
	Rounds []outRound `json:"rounds"`
}

// Format writes f as a tournament file, indented, one field a line.
func (f *File) Format(w io.Writer) error {
	out := outFile{Format: FileFormat, Name: f.Name, Prizes: string(f.Prizes), outRequest: f.wire()}
	if f.MatchFormat == "bell" {
		// A file of the laws' matches leaves it out, as before it was kept.
		out.MatchFormat = f.MatchFormat
	}
	if f.Doubles {
		out.Doubles, out.Pairs = true, []wirePair{}
		for _, p := range f.Players {
			pair := f.Pairs[p.ID]
			out.Pairs = append(out.Pairs, wirePair{ID: p.ID, Players: pair[:]})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// Ranking is the final ranking, best first: the standings, reordered by
// the finals.
func (req *Request) Ranking() ([]string, error) {
	var ids []string
	for _, s := range Standings(&req.Tournament, NoAdjustment) {
		ids = append(ids, s.ID)
	}
	if req.Finals == nil {
		return ids, nil
	}
	for r, round := range req.FinalsRounds {
		for m, match := range round.Matches {
			if match.Score[0] < 0 || match.Score[1] < 0 {
				return nil, fmt.Errorf("finals round %d, match %d: score %d-%d is negative", r+1, m+1, match.Score[0], match.Score[1])
			}
		}
	}
	out := req.withdrawn()
	return FinalRanking(FinalsSeeding(ids, *req.Finals, finalists(req.FinalsRounds), out), *req.Finals, req.FinalsRounds, out...)
}

// withdrawn are the ids of the players withdrawn.
func (t *Tournament) withdrawn() []string {
	var out []string
	for _, p := range t.Players {
		if p.Withdrawn {
			out = append(out, p.ID)
		}
	}
	return out
}

// Report writes the standings with their tie-breaks, the final ranking
// with its prizes and the crosstable of f, as text.
func (f *File) Report(w io.Writer) error {
	ranking, err := f.Ranking()
	if err != nil {
		return err
	}
	prizes, err := Prizes(f.Prizes, len(ranking))
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	title := f.Name
	if title == "" {
		title = "Tournament"
	}
	fmt.Fprintf(w, "%s: %d players, %d rounds\n\nStandings\n", title, len(f.Players), len(f.Rounds))
	fmt.Fprintln(tw, "rank\tid\tpoints\tbuchholz\tnet\ttotal\t")
	st := Standings(&f.Tournament, NoAdjustment)
	for _, s := range st {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t\n", s.Rank, s.ID, s.Points, s.Buchholz, s.Net, s.Total)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nFinal ranking (prizes: %s)\n", f.Prizes)
	for i, id := range ranking {
		fmt.Fprintf(tw, "%d\t%s\t%s\t\n", i+1, id, prizes[i])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nCrosstable (a row's scores against each column, round by round)")
	place := map[string]int{}
	for i, s := range st {
		place[s.ID] = i
	}
	cells := make([][]string, len(st))
	for i := range cells {
		cells[i] = make([]string, len(st)+1)
	}
	for _, round := range f.Rounds {
		for _, m := range round.Matches {
			a := place[m.A]
			if m.B == "" {
				cells[a][len(st)] = join(cells[a][len(st)], fmt.Sprintf("%d-%d", m.Score[0], m.Score[1]))
				continue
			}
			b := place[m.B]
			cells[a][b] = join(cells[a][b], fmt.Sprintf("%d-%d", m.Score[0], m.Score[1]))
			cells[b][a] = join(cells[b][a], fmt.Sprintf("%d-%d", m.Score[1], m.Score[0]))
		}
	}
	head := []string{"", ""}
	for i := range st {
		head = append(head, fmt.Sprint(i+1))
	}
	fmt.Fprintln(tw, strings.Join(append(head, "phantom"), "\t")+"\t")
	for i, s := range st {
		row := []string{fmt.Sprint(i + 1), s.ID}
		for j, c := range cells[i] {
			if j == i {
				c = "·"
			}
			row = append(row, c)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	return tw.Flush()
}

func join(cell, score string) string {
	return strings.Join(slices.DeleteFunc([]string{cell, score}, func(s string) bool { return s == "" }), ",")
}
