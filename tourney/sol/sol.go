// Package sol reads the dumps of SoL ("Scarry on Line", the tournament
// tool of the Italian and European carrom federations): a .sol file, a
// stream of YAML documents (or a JSON array of them), possibly gzipped. The
// first holds the players, clubs and championships, each following one a
// tourney with its competitors and matches, which refer to them by their
// place in those lists, counted from 1, as SoL's sol/models/bio.py writes
// them. Each tourney becomes a tourney.File, so that a federation brings
// its history along (docs/tournaments.md, "SoL's dumps"). It lives
// outside the tourney package because it needs a YAML library.
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

// header is the first document of a dump: the lists the tourneys refer to.
type header struct {
	Clubs         []club         `yaml:"clubs"`
	Championships []championship `yaml:"championships"`
	Seasons       []championship `yaml:"seasons"` // the championships' name before SoL 3
	Players       []player       `yaml:"players"`
}

// dump is the lists of the headers read so far, as SoL's Deserializer
// keeps them.
type dump header

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
	Championship yaml.Node    `yaml:"championship"`
	Season       yaml.Node    `yaml:"season"` // the championship's name before SoL 3
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

// ref checks a reference, a place from 1 in a list of n.
func ref(i, n int) bool { return i >= 1 && i <= n }

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
	// A YAML dump is a stream of documents, a JSON one an array of them
	// (which the YAML decoder reads as one sequence); a document holding
	// "clubs" holds the lists, any other is a tourney.
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var d dump
	var files []*tourney.File
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, notSoL(err)
		}
		docs := []*yaml.Node{&doc}
		if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.SequenceNode {
			docs = doc.Content[0].Content
		}
		for _, n := range docs {
			if isHeader(n) {
				var h header
				if err := n.Decode(&h); err != nil {
					return nil, notSoL(err)
				}
				d.Clubs = append(d.Clubs, h.Clubs...)
				d.Championships = append(d.Championships, h.Seasons...)
				d.Championships = append(d.Championships, h.Championships...)
				d.Players = append(d.Players, h.Players...)
				continue
			}
			var t tourneyDump
			if err := n.Decode(&t); err != nil {
				return nil, notSoL(err)
			}
			ids, err := d.playerIDs()
			if err != nil {
				return nil, err
			}
			f, err := d.file(t, ids)
			if err != nil {
				return nil, fmt.Errorf("tourney %d (%s): %w", len(files)+1, t.Description, err)
			}
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil, errors.New("the dump holds no tourney")
	}
	return files, nil
}

func notSoL(err error) error {
	return fmt.Errorf("the dump is not SoL's YAML or JSON: %s", strings.TrimPrefix(err.Error(), "yaml: "))
}

// isHeader tells the lists' document from a tourney's, by its "clubs", as
// SoL's Deserializer.load does.
func isHeader(n *yaml.Node) bool {
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "clubs" {
			return true
		}
	}
	return false
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
	cs := t.Championship
	if t.Season.Kind != 0 {
		cs = t.Season
	}
	if cs.Kind != 0 && cs.Tag != "!!null" {
		var c int
		if cs.Kind != yaml.ScalarNode || cs.Decode(&c) != nil {
			return nil, errors.New("its championship is not a place in the dump's championships (a SoL 2 dump, with the championship written inside the tourney, is not read)")
		}
		if !ref(c, len(d.Championships)) {
			return nil, fmt.Errorf("championship %d is not in the dump", c)
		}
		p, ok := prizes[d.Championships[c-1].Prizes]
		if !ok {
			return nil, fmt.Errorf("prize method %q is not one this reader knows (asis, fixed, fixed40, millesimal, centesimal)", d.Championships[c-1].Prizes)
		}
		f.Prizes = p
	}
	// A competitor is one player, or a pair or team named by its players.
	comp := make([]string, len(t.Competitors))
	for i, c := range t.Competitors {
		var names []string
		for _, p := range c.Players {
			if !ref(p, len(ids)) {
				return nil, fmt.Errorf("competitor %d: player %d is not in the dump", i+1, p)
			}
			names = append(names, ids[p-1])
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("competitor %d has no players", i+1)
		}
		comp[i] = strings.Join(names, " & ")
		pl := tourney.Player{ID: comp[i], Withdrawn: c.Retired}
		if len(c.Players) == 1 {
			p := d.Players[c.Players[0]-1]
			pl.Country = p.Nationality
			if p.Club != nil && ref(*p.Club, len(d.Clubs)) {
				pl.Club = d.Clubs[*p.Club-1].Description
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
		if m.Competitor1 == nil || !ref(*m.Competitor1, len(comp)) {
			return nil, fmt.Errorf("%s: competitor1 is missing or not in the tourney", where)
		}
		x := tourney.Match{A: comp[*m.Competitor1-1], Score: [2]int{m.Score1, m.Score2}, Board: m.Board}
		// SoL writes the phantom as null, and reads 0 as it too.
		if m.Competitor2 != nil && *m.Competitor2 != 0 {
			if !ref(*m.Competitor2, len(comp)) {
				return nil, fmt.Errorf("%s: competitor2 %d is not in the tourney", where, *m.Competitor2)
			}
			x.B = comp[*m.Competitor2-1]
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
