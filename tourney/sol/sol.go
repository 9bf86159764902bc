// Package sol reads the dumps of SoL ("Scarry on Line", the tournament
// tool of the Italian and European carrom federations): a .sol file, a YAML
// (or JSON) document, gzipped, holding tourneys with their competitors and
// matches, and the players, clubs and championships they refer to by their
// place in the dump's lists. Each tourney becomes a tourney.File, so that a
// federation brings its history along (docs/tournaments.md, "SoL's dumps").
// It lives outside the tourney package because it needs a YAML library.
package sol

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/carrom-game/carrom/tourney"
)

// MaxDump is the largest dump Read takes, uncompressed.
const MaxDump = 256 << 20

type dump struct {
	Clubs         []club         `yaml:"clubs"`
	Championships []championship `yaml:"championships"`
	Players       []player       `yaml:"players"`
	Tourneys      []tourneyDump  `yaml:"tourneys"`
}

type club struct {
	Description string `yaml:"description"`
}

type championship struct {
	Description string `yaml:"description"`
	Prizes      string `yaml:"prizes"`
	SkipWorst   int    `yaml:"skipworstprizes"`
}

type player struct {
	GUID        string `yaml:"guid"`
	FirstName   string `yaml:"firstname"`
	LastName    string `yaml:"lastname"`
	Nationality string `yaml:"nationality"`
	Club        *int   `yaml:"club"`
}

type tourneyDump struct {
	Description  string       `yaml:"description"`
	Date         string       `yaml:"date"`
	Championship *int         `yaml:"championship"`
	System       string       `yaml:"system"`
	Couplings    string       `yaml:"couplings"`
	PhantomScore *int         `yaml:"phantomscore"`
	DelayTop     int          `yaml:"delaytoppairing"`
	Finals       int          `yaml:"finals"`
	FinalKind    string       `yaml:"finalkind"`
	Competitors  []competitor `yaml:"competitors"`
	Matches      []match      `yaml:"matches"`
}

type competitor struct {
	Players []int `yaml:"players"`
	Retired bool  `yaml:"retired"`
}

type match struct {
	Turn        int  `yaml:"turn"`
	Board       int  `yaml:"board"`
	Final       bool `yaml:"final"`
	Competitor1 *int `yaml:"competitor1"`
	Competitor2 *int `yaml:"competitor2"`
	Score1      int  `yaml:"score1"`
	Score2      int  `yaml:"score2"`
}

// Read reads a .sol dump, gzipped or not, and returns its tourneys as
// tournament files, in the dump's order.
func Read(r io.Reader) ([]*tourney.File, error) {
	br := bufio.NewReader(r)
	var in io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("the dump is not valid gzip: %v", err)
		}
		in = zr
	}
	data, err := io.ReadAll(io.LimitReader(in, MaxDump+1))
	if err != nil {
		return nil, fmt.Errorf("the dump cannot be read: %v", err)
	}
	if len(data) > MaxDump {
		return nil, fmt.Errorf("the dump is over %d MiB uncompressed", MaxDump>>20)
	}
	// A dump may be a stream of documents; the one holding the tourneys is
	// the data.
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var d dump
	found := false
	for {
		var doc dump
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the dump is not SoL's YAML or JSON: %s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		if doc.Tourneys != nil {
			d, found = doc, true
		}
	}
	if !found {
		return nil, errors.New(`the dump holds no "tourneys"`)
	}
	ids, err := d.playerIDs()
	if err != nil {
		return nil, err
	}
	var files []*tourney.File
	for i, t := range d.Tourneys {
		f, err := d.file(t, ids)
		if err != nil {
			return nil, fmt.Errorf("tourney %d (%s): %w", i+1, t.Description, err)
		}
		files = append(files, f)
	}
	return files, nil
}

// playerIDs names each player of the dump "first last", with its guid in
// brackets where two share a name.
func (d *dump) playerIDs() ([]string, error) {
	ids := make([]string, len(d.Players))
	count := map[string]int{}
	for i, p := range d.Players {
		ids[i] = strings.TrimSpace(p.FirstName + " " + p.LastName)
		if ids[i] == "" {
			return nil, fmt.Errorf("player %d has no name", i+1)
		}
		count[ids[i]]++
	}
	for i, p := range d.Players {
		if count[ids[i]] > 1 {
			ids[i] += " (" + p.GUID + ")"
		}
	}
	return ids, nil
}

// methods maps SoL's pairing methods to ours.
var methods = map[string]tourney.Method{
	"serial": tourney.Serial, "dazed": tourney.Dazed, "staggered": tourney.Staggered,
}

// prizes maps SoL's prize-giving methods to ours ("asis": no prizes).
var prizes = map[string]tourney.PrizeMethod{
	"asis": tourney.NoPrizes, "fixed": tourney.Fixed, "fixed40": tourney.Fixed40,
	"millesimal": tourney.Millesimal, "centesimal": tourney.Centesimal,
}

func (d *dump) file(t tourneyDump, ids []string) (*tourney.File, error) {
	f := &tourney.File{Name: strings.TrimSpace(t.Description + " " + t.Date), Prizes: tourney.NoPrizes}
	f.Points = tourney.DefaultPoints
	f.PhantomScore = tourney.DefaultPhantomScore
	if t.PhantomScore != nil {
		f.PhantomScore = *t.PhantomScore
	}
	switch t.System {
	case "", "swiss":
		f.System = "swiss"
		m, ok := methods[t.Couplings]
		if !ok {
			return nil, fmt.Errorf("pairing method %q is not one this reader knows (serial, dazed, staggered)", t.Couplings)
		}
		f.Options = tourney.SwissOptions{Method: m, DelayTop: t.DelayTop}
	case "roundrobin":
		f.System = "roundrobin"
	default:
		return nil, fmt.Errorf("system %q is not one this reader knows (swiss, roundrobin)", t.System)
	}
	if t.Championship != nil {
		if *t.Championship < 0 || *t.Championship >= len(d.Championships) {
			return nil, fmt.Errorf("championship %d is not in the dump", *t.Championship)
		}
		p, ok := prizes[d.Championships[*t.Championship].Prizes]
		if !ok {
			return nil, fmt.Errorf("prize method %q is not one this reader knows (asis, fixed, fixed40, millesimal, centesimal)", d.Championships[*t.Championship].Prizes)
		}
		f.Prizes = p
	}
	// A competitor is one player, or a pair or team named by its players.
	comp := make([]string, len(t.Competitors))
	for i, c := range t.Competitors {
		var names []string
		for _, p := range c.Players {
			if p < 0 || p >= len(ids) {
				return nil, fmt.Errorf("competitor %d: player %d is not in the dump", i+1, p)
			}
			names = append(names, ids[p])
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("competitor %d has no players", i+1)
		}
		comp[i] = strings.Join(names, " & ")
		pl := tourney.Player{ID: comp[i], Withdrawn: c.Retired}
		if len(c.Players) == 1 {
			p := d.Players[c.Players[0]]
			pl.Country = p.Nationality
			if p.Club != nil && *p.Club >= 0 && *p.Club < len(d.Clubs) {
				pl.Club = d.Clubs[*p.Club].Description
			}
		}
		f.Players = append(f.Players, pl)
	}
	swiss := 0 // the Swiss's last turn: the finals' turns follow it
	for _, m := range t.Matches {
		if !m.Final {
			swiss = max(swiss, m.Turn)
		}
	}
	for k, m := range t.Matches {
		where := fmt.Sprintf("match %d", k+1)
		// Every turn holds a match, so none is beyond the number of matches.
		if m.Turn < 1 || m.Turn > len(t.Matches) {
			return nil, fmt.Errorf("%s: turn %d; want 1 to %d, the number of matches", where, m.Turn, len(t.Matches))
		}
		if m.Competitor1 == nil || *m.Competitor1 < 0 || *m.Competitor1 >= len(comp) {
			return nil, fmt.Errorf("%s: competitor1 is missing or not in the tourney", where)
		}
		x := tourney.Match{A: comp[*m.Competitor1], Score: [2]int{m.Score1, m.Score2}, Board: m.Board}
		if m.Competitor2 != nil {
			if *m.Competitor2 < 0 || *m.Competitor2 >= len(comp) {
				return nil, fmt.Errorf("%s: competitor2 %d is not in the tourney", where, *m.Competitor2)
			}
			x.B = comp[*m.Competitor2]
		}
		rounds := &f.Rounds
		if m.Final {
			rounds = &f.FinalsRounds
		}
		turn := m.Turn
		if m.Final {
			turn = m.Turn - swiss
			if turn < 1 {
				return nil, fmt.Errorf("%s: a final in turn %d, before the Swiss ends", where, m.Turn)
			}
		}
		for len(*rounds) < turn {
			*rounds = append(*rounds, tourney.Round{})
		}
		(*rounds)[turn-1].Matches = append((*rounds)[turn-1].Matches, x)
	}
	if t.Finals > 0 {
		f.Finals = &tourney.Finals{Places: 2 * t.Finals, BestOf: 1}
		if t.FinalKind == "bestof3" {
			f.Finals.BestOf = 3
		}
	}
	// The file's own checks, as if it had been read from its format.
	var buf bytes.Buffer
	if err := f.Format(&buf); err != nil {
		return nil, err
	}
	return tourney.ParseFile(&buf)
}
