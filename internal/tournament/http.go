package tournament

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/tourney"
)

// Route adds the tournaments' routes (docs/tournaments.md, The HTTP API).
func (d *Domain) Route(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/tournaments", d.create)
	mux.HandleFunc("POST /api/tournaments/import", d.importFile)
	mux.Handle("GET /api/tournaments", d.env.Session(d.mine))
	mux.Handle("GET /api/tournaments/{id}", d.env.Session(d.get))
	mux.HandleFunc("GET /api/tournaments/{id}/pair", d.pairInput)
	mux.HandleFunc("GET /api/tournaments/{id}/export", d.export)
	mux.HandleFunc("POST /api/tournaments/{id}/players", d.register)
	mux.HandleFunc("POST /api/tournaments/{id}/players/{num}", d.withdraw)
	mux.HandleFunc("POST /api/tournaments/{id}/rounds", d.pairNext)
	mux.HandleFunc("POST /api/tournaments/{id}/rounds/{round}/pairing", d.correct)
	mux.HandleFunc("POST /api/tournaments/{id}/rounds/{round}/online", d.online)
	mux.HandleFunc("POST /api/tournaments/{id}/rounds/{round}/sheets", d.sheets)
	mux.HandleFunc("POST /api/tournaments/{id}/rounds/{round}/boards/{board}", d.result)
	finalsDesk{d}.routeFinish(mux)
	mux.HandleFunc("POST /api/tournaments/{id}/rounds/{round}/clock", roundClock{d}.startClock)
	mux.HandleFunc("GET /api/tournaments/{id}/clock", roundClock{d}.hall)
	mux.HandleFunc("GET /api/tournaments/{id}/rounds/{round}/boards/{board}/qr.png", scorecards{d}.sheetQR)
}

// View is a tournament as its live page shows it, to anyone.
type View struct {
	ID           string         `json:"id"`
	Name         string         `json:"name"`
	Date         string         `json:"date"`
	Place        string         `json:"place"`
	Rules        string         `json:"rules"`
	Singles      bool           `json:"singles"`
	System       string         `json:"system"`
	Method       string         `json:"method,omitempty"`
	Rounds       int            `json:"rounds"`
	Points       pointsJSON     `json:"points"`
	PhantomScore int            `json:"phantom_score"`
	Format       string         `json:"format"` // laws or bell
	Seed         string         `json:"seed"`   // a uint64, in words: JavaScript's numbers would round it
	Organiser    string         `json:"organiser"`
	Mine         bool           `json:"mine"` // the viewer organises it
	Online       bool           `json:"online"`
	Sheets       bool           `json:"sheets"`
	Players      []PlayerView   `json:"players"`
	Paired       []RoundView    `json:"paired"`
	Standings    []StandingView `json:"standings"`
	Log          []LogView      `json:"log"`
	// Next says why the next round cannot be paired, "" if it can;
	// NextCode and NextParams say it for the page's catalogues, if coded.
	Next       string         `json:"next"`
	NextCode   string         `json:"next_code,omitempty"`
	NextParams map[string]any `json:"next_params,omitempty"`
	Finals     FinalsView     `json:"finals"`
	Ranking    []RankView     `json:"ranking"`
	// Clock is the latest round's countdown, null before any is started.
	Clock *ClockView `json:"clock"`

	// A Swiss's pairing options, in rounds (0: none).
	DelayTop         int `json:"delay_top"`
	AvoidCompatriots int `json:"avoid_compatriots"`
	AvoidClubmates   int `json:"avoid_clubmates"`
}

// PlayerView is an entrant.
type PlayerView struct {
	Num       int    `json:"num"`
	Name      string `json:"name"`
	Account   bool   `json:"account"`
	Club      string `json:"club"`
	Country   string `json:"country"`
	Rating    int    `json:"rating"`
	Withdrawn bool   `json:"withdrawn"`
	Entered   int    `json:"entered"`
}

// RoundView is a round's matches by board.
type RoundView struct {
	Round   int         `json:"round"`
	Matches []MatchView `json:"matches"`
	// Final numbers the finals' rounds from 1; 0 for the Swiss's.
	Final int `json:"final,omitempty"`
}

// MatchView is a match: B 0 is the phantom (a bye in a knockout); Score
// is null until played, and Source says how the result came.
type MatchView struct {
	Board  int     `json:"board"`
	A      int     `json:"a"`
	B      int     `json:"b"`
	AName  string  `json:"a_name"`
	BName  string  `json:"b_name"`
	Score  *[2]int `json:"score"`
	Source string  `json:"source"`
	Table  string  `json:"table,omitempty"`
	// Link is the online table's page, with the viewer's seat if the
	// viewer plays the match.
	Link string `json:"link,omitempty"`
	// Sheet is its umpire's scoresheet on a real board, and SheetLink its
	// page.
	Sheet     string `json:"sheet,omitempty"`
	SheetLink string `json:"sheet_link,omitempty"`
}

// StandingView is a line of the standings (package tourney's, of every
// match with a result).
type StandingView struct {
	Rank     int    `json:"rank"`
	Num      int    `json:"num"`
	Name     string `json:"name"`
	Points   int    `json:"points"`
	Buchholz int    `json:"buchholz"`
	Net      int    `json:"net"`
	Total    int    `json:"total"`
}

// LogView is a line of the log of changes made by hand.
type LogView struct {
	At    string `json:"at"`
	Round int    `json:"round"`
	Text  string `json:"text"` // in English
	// Code and Params say it for the page's catalogues; an entry stored
	// before them has its text alone.
	Code   string         `json:"code,omitempty"`
	Params map[string]any `json:"params,omitempty"`
}

// Summary is a tournament in its organiser's list.
type Summary struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Date   string `json:"date"`
	Place  string `json:"place"`
	System string `json:"system"`
}

func (d *Domain) view(ctx context.Context, s *state, viewer string) (View, error) {
	t := s.t
	v := View{ID: t.ID, Name: t.Name, Date: t.Date, Place: t.Place, Rules: t.Rules, Singles: t.Singles, System: t.System, Method: t.Method, Format: t.Format,
		DelayTop: t.DelayTop, AvoidCompatriots: t.AvoidCompatriots, AvoidClubmates: t.AvoidClubmates,
		Rounds: t.Rounds, Points: pointsJSON{t.Win, t.Draw, t.Loss}, PhantomScore: t.Phantom, Seed: strconv.FormatUint(t.Seed, 10),
		Mine: viewer != "" && viewer == t.Organiser, Online: d.env.Tables != nil, Sheets: d.env.Sheets != nil,
		Players: []PlayerView{}, Paired: []RoundView{}, Standings: []StandingView{}, Log: []LogView{}}
	if a, err := d.env.Accounts.AccountByID(ctx, t.Organiser); err == nil {
		v.Organiser = a.Name
	}
	for _, p := range s.players {
		v.Players = append(v.Players, PlayerView{Num: p.Num, Name: s.name(p.Num), Account: p.Account != "", Club: p.Club, Country: p.Country, Rating: p.Rating, Withdrawn: p.Withdrawn, Entered: p.Entered})
	}
	for i, r := range s.rounds {
		rv := RoundView{Round: i + 1, Matches: []MatchView{}}
		for _, m := range r {
			mv := MatchView{Board: m.Board, A: m.A, B: m.B, AName: s.name(m.A), BName: s.name(m.B), Source: m.Source, Table: m.Table, Sheet: m.Sheet}
			if m.Sheet != "" {
				mv.SheetLink = "/umpire/" + m.Sheet
			}
			if m.Source != carrom.ResultNone {
				sc := m.Score
				mv.Score = &sc
			}
			if m.Table != "" {
				mv.Link = "/t/" + m.Table
				for seat, n := range []int{m.A, m.B} {
					if p, ok := s.player(n); ok && viewer != "" && p.Account == viewer {
						mv.Link = fmt.Sprintf("/t/%s?seat=%d", m.Table, seat)
					}
				}
			}
			rv.Matches = append(rv.Matches, mv)
		}
		v.Paired = append(v.Paired, rv)
	}
	for _, st := range tourney.Standings(s.tourney(), tourney.NoAdjustment) {
		n := num(st.ID)
		v.Standings = append(v.Standings, StandingView{Rank: st.Rank, Num: n, Name: s.name(n), Points: st.Points, Buchholz: st.Buchholz, Net: st.Net, Total: st.Total})
	}
	log, err := d.env.Store.TournamentLog(ctx, t.ID)
	if err != nil {
		return v, err
	}
	for _, e := range log {
		v.Log = append(v.Log, logView(e))
	}
	if err := s.mayPair(); err != nil {
		v.Next = httpapi.Text(err)
		v.NextCode, v.NextParams = httpapi.Code(err)
	}
	s.finish(&v)
	v.Clock, err = roundClock{d}.clockView(ctx, t.ID)
	return v, err
}

// viewer is the account ID of a request's session, "" if none.
func (d *Domain) viewer(r *http.Request) string {
	if a, ok := d.env.SignedIn(r); ok {
		return a.ID
	}
	return ""
}

// answer writes the tournament as it is now.
func (d *Domain) answer(w http.ResponseWriter, r *http.Request, id string, code int) {
	s, err := d.load(r.Context(), id)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	v, err := d.view(r.Context(), s, d.viewer(r))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if r.Method != http.MethodGet {
		d.env.changed(id)
	}
	httpapi.WriteJSON(w, code, v)
}

func (d *Domain) get(w http.ResponseWriter, r *http.Request) {
	d.answer(w, r, r.PathValue("id"), http.StatusOK)
}

func (d *Domain) mine(w http.ResponseWriter, r *http.Request) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		httpapi.WriteError(w, ErrNotSignedIn)
		return
	}
	ts, err := d.env.Store.Tournaments(r.Context(), a.ID)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	out := []Summary{}
	for _, t := range ts {
		out = append(out, Summary{ID: t.ID, Name: t.Name, Date: t.Date, Place: t.Place, System: t.System})
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// pairInput is the input of "carrom tourney pair" for the tournament so
// far, every match with a result: with every round complete, its answer
// is the next round the server pairs.
func (d *Domain) pairInput(w http.ResponseWriter, r *http.Request) {
	s, err := d.load(r.Context(), r.PathValue("id"))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	s.request().Encode(w)
}

func (d *Domain) create(w http.ResponseWriter, r *http.Request) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		httpapi.WriteError(w, ErrNotSignedIn)
		return
	}
	t, err := decoded(w, r, func(data []byte) (carrom.Tournament, error) { return decodeCreate(data, d.env.Now()) })
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	t.ID, t.Organiser, t.Created = newID(d.env.Seed), a.ID, d.env.Now()
	// Kept within int64's positive half, as the store keeps it and any
	// tool reads it back.
	t.Seed = d.env.Seed() >> 1
	if err := d.env.Store.CreateTournament(r.Context(), t, MaxTournaments); err != nil {
		httpapi.WriteError(w, tooMany(err))
		return
	}
	d.answer(w, r, t.ID, http.StatusCreated)
}

// tooMany says a store's carrom.ErrLimit of tournaments in words.
func tooMany(err error) error {
	if errors.Is(err, carrom.ErrLimit) {
		return httpapi.RefuseCoded(ErrConflict, "tournaments_max", map[string]any{"Max": MaxTournaments}, "an organiser keeps %d tournaments at most", MaxTournaments)
	}
	return err
}

// decoded reads a request's body and decodes it.
func decoded[T any](w http.ResponseWriter, r *http.Request, decode func([]byte) (T, error)) (T, error) {
	data, err := httpapi.ReadBody(w, r)
	if err != nil {
		var zero T
		return zero, err
	}
	return decode(data)
}

// newID is a tournament's ID: 12 hex digits from the seed source.
func newID(seed func() uint64) string { return fmt.Sprintf("%012x", seed()&(1<<48-1)) }

// organised loads the tournament of a change, which only its organiser
// makes.
func (d *Domain) organised(r *http.Request) (*state, account.Account, error) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		return nil, a, ErrNotSignedIn
	}
	s, err := d.load(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, a, err
	}
	if s.t.Organiser != a.ID {
		return nil, a, ErrNotOrganiser
	}
	return s, a, nil
}

func (d *Domain) register(w http.ResponseWriter, r *http.Request) {
	s, _, err := d.organised(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	var partner *partnerBody
	b, err := decoded(w, r, func(data []byte) (playerBody, error) {
		b, pt, err := decodeEntrant(data, s.t.Singles)
		partner = pt
		return b, err
	})
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if len(s.rounds) > 0 && s.t.System != "swiss" {
		httpapi.WriteError(w, httpapi.RefuseCoded(ErrConflict, "entries_closed", nil, "a %s takes its entries before its first round; only a swiss takes late entries", s.t.System))
		return
	}
	p := carrom.TournamentPlayer{Tournament: s.t.ID, Name: b.Name, Club: b.Club, Country: b.Country, Rating: b.Rating, Entered: len(s.rounds)}
	if b.Account != "" {
		a, err := pairs{d}.enterable(r.Context(), s, b.Account)
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		p.Account, p.Name = a.ID, a.Name
	}
	var pt carrom.TournamentPartner
	if partner != nil {
		if pt, err = (pairs{d}).partner(r.Context(), s, *partner, p.Account); err != nil {
			httpapi.WriteError(w, err)
			return
		}
	}
	num, err := d.env.Store.AddTournamentPlayer(r.Context(), p, MaxPlayers)
	if err != nil {
		if errors.Is(err, carrom.ErrLimit) {
			err = httpapi.RefuseCoded(ErrConflict, "players_max", map[string]any{"Max": MaxPlayers}, "a tournament enters %d players at most", MaxPlayers)
		}
		httpapi.WriteError(w, err)
		return
	}
	if partner != nil {
		pt.Num = num
		if err := d.env.Store.(PartnerStore).AddTournamentPartner(r.Context(), pt); err != nil {
			httpapi.WriteError(w, err)
			return
		}
	}
	d.answer(w, r, s.t.ID, http.StatusCreated)
}

// pathNum reads a number of the path, at least 1.
func pathNum(r *http.Request, name string) (int, error) {
	n, err := strconv.Atoi(r.PathValue(name))
	if err != nil || n < 1 {
		return 0, httpapi.Refuse(ErrBad, "%s %q: want a number from 1", name, r.PathValue(name))
	}
	return n, nil
}

func (d *Domain) withdraw(w http.ResponseWriter, r *http.Request) {
	s, _, err := d.organised(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	n, err := pathNum(r, "num")
	if err == nil {
		if _, ok := s.player(n); !ok {
			err = httpapi.Refuse(carrom.ErrNotFound, "no player %d in this tournament", n)
		}
	}
	var b withdrawBody
	if err == nil {
		err = httpapi.ReadJSON(w, r, &b)
	}
	if err == nil {
		err = d.env.Store.SetTournamentWithdrawn(r.Context(), s.t.ID, n, b.Withdrawn)
	}
	if err != nil {
		httpapi.WriteError(w, withStatus(err))
		return
	}
	d.answer(w, r, s.t.ID, http.StatusOK)
}

// withStatus answers a store's not-found with 404.
func withStatus(err error) error {
	if httpapi.Status(err) == http.StatusInternalServerError && errors.Is(err, carrom.ErrNotFound) {
		return httpapi.WithStatus(err, http.StatusNotFound)
	}
	return err
}

func (d *Domain) pairNext(w http.ResponseWriter, r *http.Request) {
	s, _, err := d.organised(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	ms, err := s.pair()
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if err := d.env.Store.AddTournamentRound(r.Context(), s.t.ID, len(s.rounds)+1, ms); err != nil {
		if errors.Is(err, carrom.ErrDuplicate) {
			err = httpapi.RefuseCoded(ErrConflict, "round_just_paired", map[string]any{"Round": len(s.rounds) + 1}, "round %d has just been paired", len(s.rounds)+1)
		}
		httpapi.WriteError(w, err)
		return
	}
	d.answer(w, r, s.t.ID, http.StatusCreated)
}

// round reads the path's round, which must be paired.
func (s *state) round(r *http.Request) (int, error) {
	n, err := pathNum(r, "round")
	if err != nil {
		return 0, err
	}
	if n > len(s.rounds) {
		return 0, httpapi.Refuse(carrom.ErrNotFound, "round %d is not paired: %d rounds are", n, len(s.rounds))
	}
	return n, nil
}

// organisedRound loads the tournament of a change to the path's round,
// which must be paired.
func (d *Domain) organisedRound(r *http.Request) (*state, int, error) {
	s, _, err := d.organised(r)
	if err != nil {
		return nil, 0, err
	}
	round, err := s.round(r)
	return s, round, withStatus(err)
}

// correct changes the pairing of boards of a round not yet begun, and
// logs it.
func (d *Domain) correct(w http.ResponseWriter, r *http.Request) {
	s, round, err := d.organisedRound(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if s.t.System == "knockout" || s.isFinal(round) {
		httpapi.WriteError(w, httpapi.Refuse(ErrConflict, "a knockout's bracket follows its seeds, and the finals the standings; they are not corrected by hand"))
		return
	}
	changes, err := decoded(w, r, decodePairing)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	after := map[int]carrom.TournamentMatch{}
	for _, m := range s.rounds[round-1] {
		after[m.Board] = m
	}
	var words []string
	var changed []map[string]any
	for i, c := range changes {
		old, ok := after[c.Board]
		if !ok {
			httpapi.WriteError(w, httpapi.Refuse(ErrBad, "matches[%d]: round %d has no board %d", i, round, c.Board))
			return
		}
		if old.Table != "" || old.Sheet != "" || (old.Source != carrom.ResultNone && old.Source != carrom.ResultPhantom) {
			httpapi.WriteError(w, httpapi.Refuse(ErrConflict, "board %d of round %d has begun: its pairing stays", c.Board, round))
			return
		}
		for _, n := range []int{c.A, c.B} {
			p, ok := s.player(n)
			switch {
			case n == 0:
			case !ok:
				httpapi.WriteError(w, httpapi.Refuse(ErrBad, "matches[%d]: no player %d in this tournament", i, n))
				return
			case p.Withdrawn:
				httpapi.WriteError(w, httpapi.Refuse(ErrBad, "matches[%d]: %s has withdrawn", i, p.Name))
				return
			}
		}
		c.Tournament, c.Round = s.t.ID, round
		if c.B == 0 {
			c.Score, c.Source = [2]int{s.t.Phantom, 0}, carrom.ResultPhantom
		}
		words = append(words, fmt.Sprintf("board %d: %s (was %s)", c.Board, s.pairText(c), s.pairText(old)))
		changed = append(changed, map[string]any{"Board": c.Board, "A": s.name(c.A), "B": s.name(c.B), "WasA": s.name(old.A), "WasB": s.name(old.B)})
		after[c.Board], changes[i] = c, c
	}
	seen := map[int]int{}
	for _, m := range after {
		for _, n := range []int{m.A, m.B} {
			if n == 0 {
				continue
			}
			if b, twice := seen[n]; twice {
				httpapi.WriteError(w, httpapi.Refuse(ErrBad, "%s would play on boards %d and %d of round %d", s.name(n), b, m.Board, round))
				return
			}
			seen[n] = m.Board
		}
		if m.A == m.B {
			httpapi.WriteError(w, httpapi.Refuse(ErrBad, "board %d: %s cannot play against themselves", m.Board, s.name(m.A)))
			return
		}
	}
	entry := logEntry(d.env.Now(), round, "corrected", map[string]any{"Round": round, "Changes": changed},
		fmt.Sprintf("round %d corrected by hand: %s", round, strings.Join(words, "; ")))
	if err := d.env.Store.SetTournamentPairings(r.Context(), s.t.ID, changes, entry); err != nil {
		if errors.Is(err, carrom.ErrNotFound) {
			err = httpapi.Refuse(ErrConflict, "a board of round %d has just begun: read the round again", round)
		}
		httpapi.WriteError(w, err)
		return
	}
	d.answer(w, r, s.t.ID, http.StatusOK)
}

// pairText is a match's players as the log writes them.
func (s *state) pairText(m carrom.TournamentMatch) string {
	b := "the phantom"
	if m.B != 0 {
		b = s.name(m.B)
	}
	return s.name(m.A) + " v " + b
}

// result enters or corrects a match's result by hand: it is marked so,
// and a result typed over another is logged.
func (d *Domain) result(w http.ResponseWriter, r *http.Request) {
	s, round, err := d.organisedRound(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	board, err := pathNum(r, "board")
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	var m carrom.TournamentMatch
	found := false
	for _, x := range s.rounds[round-1] {
		if x.Board == board {
			m, found = x, true
		}
	}
	if !found {
		httpapi.WriteError(w, httpapi.WithStatus(httpapi.Refuse(carrom.ErrNotFound, "round %d has no board %d", round, board), http.StatusNotFound))
		return
	}
	if m.B == 0 {
		httpapi.WriteError(w, httpapi.Refuse(ErrConflict, "board %d is against the phantom, scored %d-0 by the tournament", board, s.t.Phantom))
		return
	}
	score, err := decoded(w, r, decodeResult)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if (s.t.System == "knockout" || s.isFinal(round)) && score[0] == score[1] {
		httpapi.WriteError(w, httpapi.RefuseCoded(ErrBad, "winner_needed", map[string]any{"Score": scoreText(score)}, "a knockout's match and a final have a winner: %s is a draw", scoreText(score)))
		return
	}
	var entry *carrom.TournamentLog
	if m.Source != carrom.ResultNone && (m.Score != score || m.Source != carrom.ResultHand) {
		e := logEntry(d.env.Now(), round, "result_typed",
			map[string]any{"Round": round, "Board": board, "A": s.name(m.A), "B": s.name(m.B), "Score": scoreText(score), "Was": scoreText(m.Score), "Source": string(m.Source)},
			fmt.Sprintf("round %d, board %d, %s: %s typed by hand, was %s (%s)", round, board, s.pairText(m), scoreText(score), scoreText(m.Score), m.Source))
		entry = &e
	}
	m.Score, m.Source = score, carrom.ResultHand
	if err := d.env.Store.SetTournamentResult(r.Context(), m, false, entry); err != nil {
		httpapi.WriteError(w, err)
		return
	}
	d.answer(w, r, s.t.ID, http.StatusOK)
}

// online makes an online table for each match of a round that two
// accounts play and that has neither a result, a table nor a sheet, and
// tells its players where to play. A guest's match stays for a real board.
func (d *Domain) online(w http.ResponseWriter, r *http.Request) {
	if d.env.Tables == nil {
		httpapi.WriteError(w, httpapi.RefuseCoded(ErrConflict, "no_online", nil, "this server plays no online tables"))
		return
	}
	d.place(w, r, "table_id", func(round int) error {
		return httpapi.RefuseCoded(ErrConflict, "no_table_match", map[string]any{"Round": round}, "round %d has no match between accounts waiting for a table", round)
	}, func(s *state, round int, m carrom.TournamentMatch, pa, pb carrom.TournamentPlayer) (string, func(), error) {
		ids, ok := s.seats(m)
		if !ok {
			return "", nil, nil
		}
		players, err := pairs{d}.accountsOf(r.Context(), ids)
		if err != nil {
			return "", nil, err
		}
		table, err := d.env.Tables.OpenTable(r.Context(), s.t.ID, s.t.Rules, players)
		call := func() {
			noShows{d}.watchNoShow(table)
			for seat, p := range players {
				other := []int{m.B, m.A}[seat%2]
				d.env.Call(p.ID, protocol.TournamentCall{Tournament: s.t.ID, Name: s.t.Name, Round: round, Board: m.Board, Table: table,
					Link: fmt.Sprintf("/t/%s?seat=%d", table, seat), Opponent: s.name(other)})
			}
		}
		return table, call, err
	})
}

// sheets opens an umpire's scoresheet for each match of a round that has
// neither a result, a table nor a sheet, written by the organiser's
// browser (docs/umpire.md); a sheet signed to its end enters its result
// by itself.
func (d *Domain) sheets(w http.ResponseWriter, r *http.Request) {
	if d.env.Sheets == nil {
		httpapi.WriteError(w, httpapi.RefuseCoded(ErrConflict, "no_sheets", nil, "this server keeps no scoresheets"))
		return
	}
	d.place(w, r, "sheet_id", func(round int) error {
		return httpapi.RefuseCoded(ErrConflict, "no_sheet_match", map[string]any{"Round": round}, "round %d has no match waiting for a scoresheet", round)
	}, func(s *state, round int, m carrom.TournamentMatch, pa, pb carrom.TournamentPlayer) (string, func(), error) {
		var names []string
		if ids, ok := s.seats(m); ok {
			players, err := pairs{d}.accountsOf(r.Context(), ids)
			if err != nil {
				return "", nil, err
			}
			for _, a := range players {
				names = append(names, a.Name)
			}
		}
		sheet, err := d.env.Sheets.OpenSheet(r, s.t.Rules, s.seatNames(m), names, fmt.Sprintf("%s, round %d, board %d", s.t.Name, round, m.Board))
		return sheet, nil, err
	})
}

// opener makes the place (a table, a sheet) of match m of a round, played
// by pa and pb: its ID, and what to do once it is the match's; "" for a
// match it does not take.
type opener func(s *state, round int, m carrom.TournamentMatch, pa, pb carrom.TournamentPlayer) (string, func(), error)

// place gives each match of the path's round that waits for one (no
// result, table or sheet; not the phantom's) a place made by open, stored
// in column, and answers the tournament; a round with none waiting is
// refused by none, which says what was looked for.
func (d *Domain) place(w http.ResponseWriter, r *http.Request, column string, none func(round int) error, open opener) {
	s, round, err := d.organisedRound(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	made := 0
	for _, m := range s.rounds[round-1] {
		pa, _ := s.player(m.A)
		pb, okb := s.player(m.B)
		if m.Table != "" || m.Sheet != "" || m.Source != carrom.ResultNone || !okb {
			continue
		}
		id, then, err := open(s, round, m, pa, pb)
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		if id == "" {
			continue
		}
		if err := d.env.Store.SetTournamentPlace(r.Context(), s.t.ID, round, m.Board, column, id); err != nil {
			// A result typed meanwhile: the place stays unused.
			d.env.Log.Warn("a tournament match's place not linked to it", "tournament", s.t.ID, column, id, "err", err)
			continue
		}
		made++
		if then != nil {
			then()
		}
	}
	if made == 0 {
		httpapi.WriteError(w, none(round))
		return
	}
	d.answer(w, r, s.t.ID, http.StatusOK)
}
