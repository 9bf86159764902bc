// Package tournament is the organiser's event on the server: a tournament
// created by a signed-in organiser, its entrants (accounts or guests), its
// rounds paired by package tourney (a pure function of the tournament so
// far), its results — typed by hand, or entered by themselves when an
// online table's match finishes — and its public live page's data. It
// declares what it needs of the server and the store (Env) and imports
// neither; docs/tournaments.md tells the organiser's flow and the HTTP API.
package tournament

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/tourney"
)

// Limits, stated in docs/tournaments.md.
const (
	// MaxTournaments is how many tournaments one organiser keeps.
	MaxTournaments = 50
	// MaxPlayers is how many players one tournament enters: a Swiss round
	// of this many pairs in milliseconds (docs/tournaments.md, Speed).
	MaxPlayers = 500
	// MaxRounds is the most rounds a tournament plans.
	MaxRounds = 30
	// MaxText is the longest name, place, club or country, in bytes.
	MaxText = 80
	// MaxScore bounds a score typed, and the points and phantom score.
	MaxScore = 999
	// MaxRating bounds a guest's rating.
	MaxRating = 4000
)

// Store keeps the tournaments (internal/store implements it). A
// tournament, player or match that does not exist, or a match that no
// longer takes a change, is carrom.ErrNotFound; a limit reached is
// carrom.ErrLimit; a round stored meanwhile is carrom.ErrDuplicate.
type Store interface {
	FinishStore // finals, prizes and championships (finals.go)
	CreateTournament(ctx context.Context, t carrom.Tournament, max int) error
	// ImportTournament stores a tournament with its guests (numbered from
	// 1 in order), its pairs' partners (doubles), its rounds and how it
	// finishes, all or nothing, as CreateTournament.
	ImportTournament(ctx context.Context, t carrom.Tournament, players []carrom.TournamentPlayer, partners []carrom.TournamentPartner, rounds [][]carrom.TournamentMatch, fin *carrom.TournamentFinals, max int) error
	Tournament(ctx context.Context, id string) (carrom.Tournament, error)
	Tournaments(ctx context.Context, organiser string) ([]carrom.Tournament, error)
	AddTournamentPlayer(ctx context.Context, p carrom.TournamentPlayer, max int) (int, error)
	TournamentPlayers(ctx context.Context, id string) ([]carrom.TournamentPlayer, error)
	SetTournamentWithdrawn(ctx context.Context, id string, num int, withdrawn bool) error
	TournamentMatches(ctx context.Context, id string) ([]carrom.TournamentMatch, error)
	AddTournamentRound(ctx context.Context, id string, round int, ms []carrom.TournamentMatch) error
	SetTournamentPairings(ctx context.Context, id string, ms []carrom.TournamentMatch, entry carrom.TournamentLog) error
	SetTournamentResult(ctx context.Context, m carrom.TournamentMatch, unplayed bool, entry *carrom.TournamentLog) error
	// SetTournamentPlace gives a match its online table (column
	// "table_id") or its scoresheet ("sheet_id"); TournamentMatchAt finds
	// the match of one.
	SetTournamentPlace(ctx context.Context, id string, round, board int, column, place string) error
	TournamentMatchAt(ctx context.Context, column, place string) (carrom.TournamentMatch, error)
	TournamentLog(ctx context.Context, id string) ([]carrom.TournamentLog, error)
}

// Accounts finds the accounts players are registered by.
type Accounts interface {
	AccountByName(ctx context.Context, name string) (account.Account, error)
	AccountByID(ctx context.Context, id string) (account.Account, error)
}

// Tables makes online tables (the server implements it).
type Tables interface {
	// OpenTable makes a table of rules with a seat kept for each of
	// players, in seat order (two, or four for doubles), and returns its
	// ID.
	OpenTable(ctx context.Context, tournament, rules string, players []account.Account) (string, error)
	// Seated says which of a table's seats a player has taken, whether
	// its match is over, and when it was made.
	Seated(ctx context.Context, table string) (Seats, error)
	// Bell ends the matches of a tournament's tables still in play at
	// the bell, each with its score (game.Bell), wherever they are
	// played: on a cluster, every node ends those it holds.
	Bell(tournament string, tables []string)
}

// Sheets opens umpires' scoresheets of real boards (the server
// implements it).
type Sheets interface {
	// OpenSheet opens a scoresheet of rules for the players named in seat
	// order (two, or four for doubles), written by the browser of r; with
	// every player's account name it is rated once they confirm it
	// (docs/umpire.md).
	OpenSheet(r *http.Request, rules string, names, accounts []string, event string) (string, error)
}

// Env is what the domain needs of the server and the store.
type Env struct {
	Store    Store
	Accounts Accounts
	// Tables makes a round's online tables; nil: none.
	Tables Tables
	// Sheets opens a round's scoresheets; nil: none.
	Sheets Sheets
	// SignedIn is the account of a request's session, if any.
	SignedIn func(r *http.Request) (account.Account, bool)
	// Session wraps a GET that needs the account of its session.
	Session func(http.HandlerFunc) http.Handler
	// Call tells an account, over its live channel, where to play.
	Call func(account string, call protocol.TournamentCall)
	Now  func() time.Time
	// AfterFunc is the server's clock's timer (a no-show's wait); nil:
	// no wait.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Announce tells the pages of a tournament, over their live channels,
	// that its round's clock has changed, and in a cluster the other nodes,
	// which wait for its bell too (WatchClock); nil: the pages read it
	// again in time.
	Announce func(tournament string)
	// Changed tells the pages of a tournament, over their live channels,
	// that it has changed (a round paired, a result entered, a player
	// registered), so that they read it again; nil: they are not told.
	Changed func(tournament string)
	// Origin is the site's address as the browser of r reaches it
	// ("https://host"), for the links printed on paper.
	Origin func(r *http.Request) string
	// Address is the address a request comes from, as the server's
	// limits count it (behind a trusted proxy, its client's).
	Address func(r *http.Request) string
	// Seed draws a new tournament's seed.
	Seed func() uint64
	Log  *slog.Logger
}

// Domain is the tournaments' rules and handlers.
type Domain struct {
	env Env
	qr  *qrCodes
	// awaited are the bells waited for (bell.go), each once.
	awaited sync.Map
}

// New makes the domain.
func New(env Env) *Domain {
	if env.Log == nil {
		env.Log = slog.Default()
	}
	if env.Now == nil {
		env.Now = time.Now
	}
	return &Domain{env: env, qr: newQRCodes()}
}

// Errors of the tournaments' requests, each with its status; those a
// player meets most with a code the page says in his language.
var (
	ErrNotSignedIn  = httpapi.NewCoded(http.StatusUnauthorized, "not_signed_in", "sign in to organise a tournament")
	ErrNotOrganiser = httpapi.NewCoded(http.StatusForbidden, "not_organiser", "only the tournament's organiser may change it")
	ErrNoTournament = httpapi.NewCoded(http.StatusNotFound, "no_tournament", "no such tournament")
	ErrConflict     = httpapi.New(http.StatusConflict, "the tournament is not at that step")
	ErrBad          = httpapi.ErrBadRequest
)

// state is a tournament as its pages and rules read it: the event, its
// entrants by number and its matches by round.
type state struct {
	t       carrom.Tournament
	players []carrom.TournamentPlayer
	rounds  [][]carrom.TournamentMatch // rounds[r-1] are round r's, by board; the finals' after the Swiss's
	finals  carrom.TournamentFinals

	// partners are the second players of a tournament of doubles' pairs,
	// by entrant number.
	partners map[int]carrom.TournamentPartner
}

func (d *Domain) load(ctx context.Context, id string) (*state, error) {
	t, err := d.env.Store.Tournament(ctx, id)
	if errors.Is(err, carrom.ErrNotFound) {
		return nil, ErrNoTournament
	}
	if err != nil {
		return nil, err
	}
	s := &state{t: t}
	if s.finals, err = d.env.Store.TournamentFinals(ctx, id); err != nil {
		return nil, err
	}
	if s.players, err = d.env.Store.TournamentPlayers(ctx, id); err != nil {
		return nil, err
	}
	if s.partners, err = (pairs{d}).partners(ctx, id); err != nil {
		return nil, err
	}
	ms, err := d.env.Store.TournamentMatches(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		for len(s.rounds) < m.Round {
			s.rounds = append(s.rounds, nil)
		}
		s.rounds[m.Round-1] = append(s.rounds[m.Round-1], m)
	}
	return s, nil
}

// pid is a player's id in package tourney: "p" and the entry number.
func pid(num int) string {
	if num == 0 {
		return ""
	}
	return "p" + strconv.Itoa(num)
}

// player is the entrant numbered num, if any.
func (s *state) player(num int) (carrom.TournamentPlayer, bool) {
	if num < 1 || num > len(s.players) {
		return carrom.TournamentPlayer{}, false
	}
	return s.players[num-1], true
}

// name is an entrant's: a player's, or a pair's ("Ann & Bob").
func (s *state) name(num int) string {
	if p, ok := s.player(num); ok {
		if pt, ok := s.partners[num]; ok {
			return p.Name + " & " + pt.Name
		}
		return p.Name
	}
	return ""
}

// tourney is the tournament for package tourney: the entrants and, of
// each round (the finals' aside), its matches with a result (all of them
// once it is complete, as pairing the next round requires).
func (s *state) tourney() *tourney.Tournament {
	t := &tourney.Tournament{Points: tourney.Points{Win: s.t.Win, Draw: s.t.Draw, Loss: s.t.Loss}, PhantomScore: s.t.Phantom, Seed: s.t.Seed}
	for _, p := range s.players {
		t.Players = append(t.Players, tourney.Player{ID: pid(p.Num), Rating: float64(p.Rating), Club: p.Club, Country: p.Country, Withdrawn: p.Withdrawn})
	}
	for _, r := range s.rounds[:min(len(s.rounds), s.t.Rounds)] {
		var round tourney.Round
		for _, m := range r {
			if m.Source == carrom.ResultNone {
				continue
			}
			round.Matches = append(round.Matches, tourney.Match{A: pid(m.A), B: pid(m.B), Score: m.Score, Board: m.Board})
		}
		t.Rounds = append(t.Rounds, round)
	}
	return t
}

// request is the input of "carrom tourney pair" for the tournament so
// far: anyone can run it again to check the next round's pairing.
func (s *state) request() *tourney.Request {
	req := &tourney.Request{System: s.t.System, Tournament: *s.tourney()}
	req.Options = tourney.SwissOptions{Method: tourney.Method(s.t.Method), DelayTop: s.t.DelayTop, AvoidCompatriots: s.t.AvoidCompatriots, AvoidClubmates: s.t.AvoidClubmates}
	if s.t.System == "knockout" {
		req.Seeds = s.seeds()
	}
	if f := s.rule(); f != nil && len(s.rounds) >= s.t.Rounds {
		// The Swiss is paired: its next round is the finals'.
		req.Finals, req.FinalsRounds = f, s.finalsRounds()
	}
	return req
}

// seeds is a knockout's seeding: by rating, highest first, then in the
// order of entry.
func (s *state) seeds() []string {
	ps := slices.Clone(s.players)
	slices.SortStableFunc(ps, func(a, b carrom.TournamentPlayer) int { return b.Rating - a.Rating })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = pid(p.Num)
	}
	return out
}

// unplayed is the number of matches of the last round still waiting for
// a result (a withdrawn finalist's final waits for none).
func (s *state) unplayed() int {
	if len(s.rounds) == 0 {
		return 0
	}
	n := 0
	for _, m := range s.rounds[len(s.rounds)-1] {
		if s.pending(m) {
			n++
		}
	}
	return n
}

// mayPair says why the next round cannot be paired, or nil.
func (s *state) mayPair() error {
	switch n := s.unplayed(); {
	case len(s.rounds) >= s.t.Rounds:
		return httpapi.RefuseCoded(ErrConflict, "rounds_paired", map[string]any{"Count": s.t.Rounds}, "the %d rounds planned are paired", s.t.Rounds)
	case n > 0:
		return httpapi.RefuseCoded(ErrConflict, "round_unplayed", map[string]any{"Round": len(s.rounds), "Count": n, "Next": len(s.rounds) + 1},
			"round %d has %d matches without a result: enter them before pairing round %d", len(s.rounds), n, len(s.rounds)+1)
	}
	active := 0
	for _, p := range s.players {
		if !p.Withdrawn {
			active++
		}
	}
	if active < 2 {
		return httpapi.RefuseCoded(ErrConflict, "too_few_players", map[string]any{"Count": active}, "%d players are in the tournament: a round needs at least 2", active)
	}
	return nil
}

// pair is the next round's matches, by package tourney; the phantom's
// (or a bye's) is scored at once.
func (s *state) pair() ([]carrom.TournamentMatch, error) {
	if err := s.mayPair(); err != nil {
		return nil, err
	}
	req := s.request()
	var (
		ps  []tourney.Pairing
		err error
	)
	switch s.t.System {
	case "swiss":
		ps, err = tourney.Swiss(&req.Tournament, req.Options)
	case "roundrobin":
		ps, err = tourney.RoundRobin(&req.Tournament)
	case "knockout":
		ps, err = tourney.Knockout(&req.Tournament, req.Seeds)
	default:
		err = fmt.Errorf("unknown system %q", s.t.System)
	}
	if err != nil {
		return nil, httpapi.RefuseCoded(ErrConflict, "round_unpairable", map[string]any{"Detail": httpapi.Text(err)}, "the next round cannot be paired: %v", err)
	}
	round := len(s.rounds) + 1
	out := make([]carrom.TournamentMatch, len(ps))
	for i, p := range ps {
		out[i] = carrom.TournamentMatch{Tournament: s.t.ID, Round: round, Board: p.Board, A: num(p.A), B: num(p.B)}
		if p.B == "" {
			out[i].Score, out[i].Source = [2]int{s.t.Phantom, 0}, carrom.ResultPhantom
		}
	}
	return out, nil
}

// num is the entry number of a tourney id ("" the phantom: 0).
func num(id string) int {
	n, _ := strconv.Atoi(id[min(1, len(id)):])
	return n
}

// TableFinished enters the result of a tournament's online table whose
// match is over (side 0 is the match's first player), marked online; a
// match drawn at the bell enters its equal games, a draw.
func (d *Domain) TableFinished(ctx context.Context, table string, winner int, drawn bool, games [2]int) {
	if drawn {
		bells{d}.drawnAtBell(ctx, table, games)
		return
	}
	d.enter(ctx, "table_id", table, carrom.ResultOnline, winner, games)
}

// SheetFinished enters the result of a tournament's scoresheet whose
// match is over, every board signed (side 0 is the match's first player),
// marked sheet.
func (d *Domain) SheetFinished(ctx context.Context, sheet string, winner int, games [2]int) {
	d.enter(ctx, "sheet_id", sheet, carrom.ResultSheet, winner, games)
}

// enter enters the result of the match played at place (an online
// table's or a sheet's, by column). The score is the games each side won,
// the winner's at least one more than the loser's (a match conceded or
// forfeited may end before its games say so). A match with no winner
// enters nothing: the organiser types its result. A result already
// entered (typed by hand) is kept.
func (d *Domain) enter(ctx context.Context, column, place, source string, winner int, games [2]int) {
	m, err := d.env.Store.TournamentMatchAt(ctx, column, place)
	if errors.Is(err, carrom.ErrNotFound) {
		return
	}
	if err != nil {
		d.env.Log.Error("finding the tournament match of a "+source+" result", "at", place, "err", err)
		return
	}
	if winner != 0 && winner != 1 {
		d.env.Log.Info("a tournament match ended without a winner: its result is for the organiser", "at", place, "tournament", m.Tournament)
		return
	}
	if games[winner] <= games[1-winner] {
		games[winner] = games[1-winner] + 1
	}
	m.Score, m.Source = games, source
	if err := d.env.Store.SetTournamentResult(ctx, m, true, nil); err != nil && !errors.Is(err, carrom.ErrNotFound) {
		d.env.Log.Error("entering a tournament match's result", "at", place, "tournament", m.Tournament, "err", err)
		return
	}
	d.env.changed(m.Tournament)
}

// changed tells the tournament's pages it has changed.
func (e Env) changed(id string) {
	if e.Changed != nil {
		e.Changed(id)
	}
}
