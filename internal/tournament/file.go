package tournament

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/tourney"
	"github.com/carrom-game/carrom/tourney/sol"
)

// MaxImport bounds the body of an import, bytes: a SoL dump holds the
// federation's whole list of players before its tourneys.
const MaxImport = 8 << 20

// errTooLarge is an import whose body is over MaxImport.
var errTooLarge = httpapi.New(http.StatusRequestEntityTooLarge, "the file is too large")

// file is the tournament as a tournament file: its entrants named by
// their names (a pair's "Ann & Cyd", with its two players' names apart; a
// name entered twice followed by " #" and the entry number), the matches
// with a result, its finals and prizes.
func (s *state) file() *tourney.File {
	req := s.request()
	count := map[string]int{}
	for _, p := range s.players {
		count[s.name(p.Num)]++
	}
	names := map[string]string{"": ""}
	var pairs map[string][2]string
	if !s.t.Singles {
		pairs = map[string][2]string{}
	}
	for _, p := range s.players {
		n := s.name(p.Num)
		if count[n] > 1 {
			n += " #" + strconv.Itoa(p.Num)
		}
		names[pid(p.Num)] = n
		if pairs != nil {
			pairs[n] = [2]string{p.Name, s.partners[p.Num].Name}
		}
	}
	for i := range req.Players {
		req.Players[i].ID = names[req.Players[i].ID]
	}
	for i := range req.Seeds {
		req.Seeds[i] = names[req.Seeds[i]]
	}
	if f := s.rule(); f != nil && req.Finals == nil {
		req.Finals, req.FinalsRounds = f, s.finalsRounds()
	}
	for _, r := range append(req.Rounds, req.FinalsRounds...) {
		for i := range r.Matches {
			r.Matches[i].A, r.Matches[i].B = names[r.Matches[i].A], names[r.Matches[i].B]
		}
	}
	return &tourney.File{Name: s.t.Name, Request: *req, Prizes: tourney.PrizeMethod(s.finals.Prizes), MatchFormat: s.t.Format, Doubles: pairs != nil, Pairs: pairs}
}

// safeName keeps a file name to letters, digits, '-' and '_'.
var safeName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// export writes the tournament as a file, to anyone who may read its page.
func (d *Domain) export(w http.ResponseWriter, r *http.Request) {
	s, err := d.load(r.Context(), r.PathValue("id"))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.json"`, safeName.ReplaceAllString(s.t.Name, "_"), s.t.ID))
	if err := s.file().Format(w); err != nil {
		d.env.Log.Warn("writing a tournament's file", "tournament", s.t.ID, "err", err)
	}
}

// readImport reads an import's body: a tournament file, or a SoL
// dump (gzipped or not) whose tourney number index (from 1; 0 the first)
// it takes.
func readImport(data []byte, index int) (*tourney.File, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && trimmed[0] == '{' {
		f, err := tourney.ParseFile(bytes.NewReader(data))
		if err != nil {
			return nil, httpapi.RefuseCoded(ErrBad, "bad_tournament_file", map[string]any{"Detail": httpapi.Text(err)}, "the tournament file: %v", err)
		}
		return f, nil
	}
	fs, err := sol.Read(bytes.NewReader(data))
	if err != nil {
		return nil, httpapi.RefuseCoded(ErrBad, "not_tournament_file", map[string]any{"Format": tourney.FileFormat, "Detail": httpapi.Text(err)}, "neither a %s file nor a SoL dump: %v", tourney.FileFormat, err)
	}
	if len(fs) == 0 {
		return nil, httpapi.RefuseCoded(ErrBad, "sol_empty", nil, "the SoL dump holds no tourney")
	}
	if index == 0 {
		index = 1
	}
	if index < 1 || index > len(fs) {
		return nil, httpapi.RefuseCoded(ErrBad, "sol_tourney", map[string]any{"Tourney": index, "Count": len(fs)}, "tourney %d: the SoL dump holds %d", index, len(fs))
	}
	return fs[index-1], nil
}

// imported is the tournament of a file, with its entrants and rounds (the
// finals' after the Swiss's), within the domain's limits.
func imported(f *tourney.File) (carrom.Tournament, []carrom.TournamentPlayer, [][]carrom.TournamentMatch, error) {
	var (
		t       carrom.Tournament
		players []carrom.TournamentPlayer
		rounds  [][]carrom.TournamentMatch
		err     error
	)
	if t.Name, err = text("name", f.Name, false); err != nil {
		return t, nil, nil, err
	}
	if t.Name == "" {
		t.Name = "Imported tournament"
	}
	t.Rules, t.Singles, t.System, t.Method, t.Format = "icf", !f.Doubles, f.System, string(f.Options.Method), f.MatchFormat
	if t.System != "swiss" {
		t.Method = ""
	} else if err := swissOptions(swissOptionsBody{f.Options.DelayTop, f.Options.AvoidCompatriots, f.Options.AvoidClubmates}, &t); err != nil {
		return t, nil, nil, err
	}
	t.Rounds = max(len(f.Rounds), 1)
	if len(f.Rounds) == 0 && len(f.FinalsRounds) > 0 {
		return t, nil, nil, httpapi.RefuseCoded(ErrBad, "import_finals_first", nil, "finals played before any round of the swiss: the server keeps them after its rounds")
	}
	if len(f.Rounds) > MaxRounds {
		return t, nil, nil, httpapi.RefuseCoded(ErrBad, "import_rounds_max", map[string]any{"Count": len(f.Rounds), "Max": MaxRounds}, "%d rounds: a tournament plans %d at most", len(f.Rounds), MaxRounds)
	}
	if len(f.Players) > MaxPlayers {
		return t, nil, nil, httpapi.RefuseCoded(ErrBad, "import_players_max", map[string]any{"Count": len(f.Players), "Max": MaxPlayers}, "%d players: a tournament enters %d at most", len(f.Players), MaxPlayers)
	}
	pts := f.Points
	if !(MaxScore >= pts.Win && pts.Win >= pts.Draw && pts.Draw >= pts.Loss && pts.Loss >= 0) {
		return t, nil, nil, httpapi.Refuse(ErrBad, "points: want %d ≥ win ≥ draw ≥ loss ≥ 0, got %d, %d, %d", MaxScore, pts.Win, pts.Draw, pts.Loss)
	}
	t.Win, t.Draw, t.Loss = pts.Win, pts.Draw, pts.Loss
	if f.PhantomScore < 0 || f.PhantomScore > MaxScore {
		return t, nil, nil, httpapi.Refuse(ErrBad, "phantom score: %d; want 0 to %d", f.PhantomScore, MaxScore)
	}
	t.Phantom = f.PhantomScore
	if f.Seed > math.MaxInt64 {
		return t, nil, nil, httpapi.Refuse(ErrBad, "seed %d: the server keeps seeds up to %d", f.Seed, uint64(math.MaxInt64))
	}
	t.Seed = f.Seed
	if players, err = importedPlayers(f); err != nil {
		return t, nil, nil, err
	}
	nums := map[string]int{"": 0}
	for i, p := range f.Players {
		nums[p.ID] = i + 1
	}
	for r, round := range append(slices.Clone(f.Rounds), f.FinalsRounds...) {
		var ms []carrom.TournamentMatch
		for i, m := range round.Matches {
			if m.Score[0] < 0 || m.Score[0] > MaxScore || m.Score[1] < 0 || m.Score[1] > MaxScore {
				return t, nil, nil, httpapi.Refuse(ErrBad, "round %d, match %d: score %d-%d; want 0 to %d", r+1, i+1, m.Score[0], m.Score[1], MaxScore)
			}
			tm := carrom.TournamentMatch{Round: r + 1, Board: m.Board, A: nums[m.A], B: nums[m.B], Score: m.Score, Source: carrom.ResultHand}
			if tm.Board == 0 {
				tm.Board = i + 1
			}
			if tm.B == 0 {
				tm.Source = carrom.ResultPhantom
			}
			ms = append(ms, tm)
		}
		rounds = append(rounds, ms)
	}
	return t, players, rounds, nil
}

// importedPlayers are the entrants of a file, guests numbered from 1 in
// its order (a pair by its first player), each checked as a registration
// is.
func importedPlayers(f *tourney.File) ([]carrom.TournamentPlayer, error) {
	var (
		players []carrom.TournamentPlayer
		err     error
	)
	for i, p := range f.Players {
		field := fmt.Sprintf("players[%d].", i)
		tp := carrom.TournamentPlayer{Num: i + 1, Withdrawn: p.Withdrawn}
		name, what := p.ID, field+"id"
		if f.Doubles {
			name, what = f.Pairs[p.ID][0], fmt.Sprintf("the pair %q's first player", p.ID)
		}
		if tp.Name, err = text(what, name, true); err != nil {
			return nil, err
		}
		if tp.Club, err = text(field+"club", p.Club, false); err != nil {
			return nil, err
		}
		if tp.Country, err = text(field+"country", p.Country, false); err != nil {
			return nil, err
		}
		if p.Rating < 0 || p.Rating > MaxRating {
			return nil, httpapi.Refuse(ErrBad, "%srating: %v; want 0 to %d", field, p.Rating, MaxRating)
		}
		tp.Rating = int(math.Round(p.Rating))
		players = append(players, tp)
	}
	return players, nil
}

// importedPartners are the partners of a file's pairs, guests, by the
// number of their pair's entrant; none in singles.
func importedPartners(f *tourney.File) ([]carrom.TournamentPartner, error) {
	if !f.Doubles {
		return nil, nil
	}
	out := make([]carrom.TournamentPartner, len(f.Players))
	for i, p := range f.Players {
		name, err := text(fmt.Sprintf("the pair %q's partner", p.ID), f.Pairs[p.ID][1], true)
		if err != nil {
			return nil, err
		}
		out[i] = carrom.TournamentPartner{Num: i + 1, Name: name}
	}
	return out, nil
}

// importFile makes a new tournament of the signed-in organiser from a
// file or a SoL dump (?tourney=N picks a dump's tourney): its players
// entered as guests, its results marked typed by hand.
func (d *Domain) importFile(w http.ResponseWriter, r *http.Request) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		httpapi.WriteError(w, ErrNotSignedIn)
		return
	}
	index := 0
	if q := r.URL.Query().Get("tourney"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 {
			httpapi.WriteError(w, httpapi.Refuse(ErrBad, "tourney %q: want a number from 1", q))
			return
		}
		index = n
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxImport))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			err = httpapi.RefuseCoded(errTooLarge, "file_too_large", map[string]any{"MiB": MaxImport >> 20}, "the file is over %d bytes", MaxImport)
		}
		httpapi.WriteError(w, err)
		return
	}
	f, err := readImport(data, index)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	t, players, rounds, err := imported(f)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	partners, err := importedPartners(f)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	t.ID, t.Organiser, t.Created = newID(d.env.Seed), a.ID, d.env.Now()
	t.Date = t.Created.Format("2006-01-02")
	var fin *carrom.TournamentFinals
	if ff := fileFinals(f); ff != (carrom.TournamentFinals{BestOf: 1, Prizes: string(tourney.NoPrizes)}) {
		fin = &ff
	}
	if err := d.env.Store.ImportTournament(r.Context(), t, players, partners, rounds, fin, MaxTournaments); err != nil {
		httpapi.WriteError(w, tooMany(err))
		return
	}
	d.answer(w, r, t.ID, http.StatusCreated)
}

// fileFinals is how a file's tournament finishes.
func fileFinals(f *tourney.File) carrom.TournamentFinals {
	fin := carrom.TournamentFinals{BestOf: 1, Prizes: string(f.Prizes)}
	if f.Finals != nil {
		fin.Places, fin.BestOf = f.Finals.Places, f.Finals.BestOf
	}
	return fin
}
