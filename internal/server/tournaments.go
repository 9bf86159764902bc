package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"net/http"
	"strings"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/internal/tournament"
	"github.com/carrom-game/carrom/internal/umpire"
)

// newTournaments wires the organisers' tournaments (internal/tournament)
// when the store keeps them and the server keeps accounts: its online
// tables are this server's, its players are called on their live
// channels, and a finished table's match enters its result by itself.
func (s *Server) newTournaments(st Store) *tournament.Domain {
	ts, ok := st.(tournament.Store)
	if !ok || s.accounts == nil {
		return nil
	}
	env := tournament.Env{Store: ts, Accounts: s.accounts, Tables: tournamentTables{s}, SignedIn: signedIn, Session: s.acct.WithSession,
		Call: s.callPlayer, Announce: func(id string) { s.live.announceClock(id); bells{s}.clockStarted(id) }, Changed: s.live.announceChange, Origin: s.front.origin, Address: address, Now: s.clock.Now, AfterFunc: s.clock.AfterFunc, Seed: randomUint64, Log: s.log}
	if s.sheets.Keeps() {
		env.Sheets = tournamentSheets{s}
	}
	d := tournament.New(env)
	if err := d.ResumeNoShows(context.Background()); err != nil {
		s.log.Error("waiting again for the players of the tournaments' tables", "err", err)
	}
	s.finishes.subscribe(func(ctx context.Context, m table.Finished) { d.TableFinished(ctx, m.Table, m.Winner, m.Drawn, m.Games) })
	return d
}

// signedIn is the account of a request's session, if it is signed in.
func signedIn(r *http.Request) (account.Account, bool) {
	v, err := account.Of(r)
	return v.Account, err == nil
}

func randomUint64() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// callPlayer tells an account's pages where its tournament match is
// played.
func (s *Server) callPlayer(account string, call protocol.TournamentCall) {
	s.live.push(accountKey(account), liveMsg{Type: "tournament", Tournament: &call})
}

// tournamentKey is the live channels' key of the pages of tournament id
// (GET /live?tournament=ID): ok only for an ID as tournaments have, 12 hex
// digits.
func tournamentKey(id string) (string, bool) {
	if len(id) != 12 || strings.Trim(id, "0123456789abcdef") != "" {
		return "", false
	}
	return "tourney." + id, true
}

// announceClock tells the pages of a tournament, at every node, that its
// round's clock has changed.
func (h *liveHub) announceClock(id string) {
	if key, ok := tournamentKey(id); ok {
		h.push(key, liveMsg{Type: "tournament-clock", Tournament: &protocol.TournamentCall{Tournament: id}})
	}
}

// announceChange tells the pages of a tournament, at every node, that it
// has changed, so that they read it again.
func (h *liveHub) announceChange(id string) {
	if key, ok := tournamentKey(id); ok {
		h.push(key, liveMsg{Type: "tournament-changed", Tournament: &protocol.TournamentCall{Tournament: id}})
	}
}

// origin is the site's address as r's browser reaches it: the public URL
// if the server has one, else the request's scheme and host.
func (f *front) origin(r *http.Request) string {
	if f.public != nil {
		return f.public.Scheme + "://" + f.public.Host
	}
	if f.secureRequest(r) {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// tournamentSheets opens a tournament's scoresheets.
type tournamentSheets struct{ s *Server }

// OpenSheet opens a sheet as the sheets' Create does, written by the browser of
// r (the organiser's, who hands the device to the board's umpire). The
// limit of sheets open per browser is not taken: a round's are bounded by
// the tournament's players.
func (ts tournamentSheets) OpenSheet(r *http.Request, rules string, names, accounts []string, event string) (string, error) {
	c, err := r.Cookie(tokenCookie)
	if err != nil || len(c.Value) != 32 {
		return "", httpapi.Refuse(httpapi.ErrBadRequest, "this browser has no identity to write the scoresheets with: reload the page and try again")
	}
	cfg := umpire.Config{Rules: rules, Players: len(names), Names: names, Event: event}
	if len(accounts) == len(names) {
		cfg.Accounts = accounts
	}
	if _, err := umpire.New(cfg); err != nil {
		return "", err
	}
	if err := cfg.Printable(); err != nil {
		return "", err
	}
	return ts.s.sheets.Open(r.Context(), c.Value, cfg)
}

// sheetWatcher tells the tournaments that the match of sheet id is
// over, every board signed.
type sheetWatcher struct{ s *Server }

func (w sheetWatcher) SheetOver(ctx context.Context, id string, v umpire.View) {
	s := w.s
	if s.tournaments == nil || v.Winner == nil || len(v.Boards) == 0 {
		return
	}
	s.tournaments.SheetFinished(ctx, id, *v.Winner, v.Boards[len(v.Boards)-1].Games)
}

// tournamentTables makes a tournament's online tables.
type tournamentTables struct{ s *Server }

// tournamentClock is the stroke clock of a tournament's online table
// (RULES TM-1), so that a player who stops playing loses on time.
const tournamentClock = 30

// OpenTable makes a rated table whose seats are kept for the match's
// accounts (two, or four in doubles). Each table is its own owner, so
// that a round's tables count against no identity's limit.
func (tt tournamentTables) OpenTable(ctx context.Context, _ string, rules string, players []account.Account) (string, error) {
	id := newID(6)
	cfg := protocol.TableConfig{Rules: rules, Players: len(players), Clock: tournamentClock, Rated: true}
	for _, a := range players {
		cfg.Seats = append(cfg.Seats, protocol.SeatConfig{Kind: protocol.SeatHuman})
		cfg.Keep = append(cfg.Keep, keptFor(a.ID))
	}
	return tt.s.createAs(ctx, id, "tournament."+id, cfg, nil)
}

// Seated reads from the store which seats of a tournament's table are
// taken, wherever the table is played.
func (tt tournamentTables) Seated(ctx context.Context, id string) (tournament.Seats, error) {
	rec, ti, err := tt.s.matches.record(ctx, id)
	if err != nil {
		return tournament.Seats{}, err
	}
	st := tournament.Seats{Taken: make([]bool, len(ti.Seats)), Over: !rec.Finished.IsZero(), Created: rec.Created}
	for _, s := range rec.Seats {
		if s.Seat >= 0 && s.Seat < len(st.Taken) {
			st.Taken[s.Seat] = true
		}
	}
	return st, nil
}

// Bell ends the matches of a tournament's tables at the bell, on every
// node (bell.go).
func (tt tournamentTables) Bell(tournament string, tables []string) {
	bells(tt).ring(tournament, tables)
}

// keptAccount begins a seat's keeper (protocol.TableConfig.Keep) that is
// an account, a tournament's player, rather than a browser token's hash.
const keptAccount = "account:"

func keptFor(accountID string) string { return keptAccount + accountID }

// keeps says whether the seat kept by keep is the browser c's: the hash
// of its token, or the account its session plays as.
func keeps(keep string, c table.Client) bool {
	if id, ok := strings.CutPrefix(keep, keptAccount); ok {
		return c.Account() != "" && c.Account() == id
	}
	return keep == hashSession(c.Token())
}
