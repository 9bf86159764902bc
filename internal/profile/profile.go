package profile

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/rating"
	"github.com/carrom-game/carrom/internal/umpire"
)

// Store reads the accounts, their ratings and the matches they played,
// and a stored table's actions. internal/store implements it; an account
// that does not exist is carrom.ErrNotFound.
type Store interface {
	AccountByName(ctx context.Context, name string) (account.Account, error)
	Ratings(ctx context.Context, accountID string) ([]rating.Rating, error)
	// PlayedMatches lists the tables an account played, newest first.
	PlayedMatches(ctx context.Context, accountID string) ([]PlayedMatch, error)
	// RatedSheets lists the rated real-board matches of an account, newest first.
	RatedSheets(ctx context.Context, accountID string) ([]RatedSheet, error)
	Actions(ctx context.Context, tableID string) ([]carrom.ActionRecord, error)
}

// Records reads finished matches from their records; no table is made.
type Records interface {
	// Info is a stored table's description, as the API shows it.
	Info(rec carrom.TableRecord) (protocol.TableInfo, error)
	// Replay plays table id's stored actions on a game of cfg, visit
	// seeing each step.
	Replay(ctx context.Context, id string, cfg protocol.TableConfig, visit func(game.Step) error) error
}

// Sheets reads the umpires' scoresheets.
type Sheets interface {
	Load(ctx context.Context, id string) (umpire.Record, umpire.Sheet, error)
}

// Env is what the player pages need of the server.
type Env struct {
	Store   Store
	Records Records
	Sheets  Sheets // nil: the server keeps no sheets
	Log     *slog.Logger
}

// Profiles serves the players' pages: GET /api/players/{name}.
type Profiles struct {
	env     Env
	tallied tallies
	ended   endings
}

// New makes the player pages' handler.
func New(env Env) *Profiles { return &Profiles{env: env} }

// fail answers an error as JSON in plain words, with its status.
func fail(w http.ResponseWriter, err error) {
	httpapi.WriteError(w, httpapi.Known(err, httpapi.Kind{Err: carrom.ErrNotFound, Status: http.StatusNotFound}))
}

// tallies keeps the counts of finished matches, which never change: a
// profile replays each match once.
type tallies struct {
	mu sync.Mutex
	m  map[string]ai.Tally
}

// maxTallies bounds the cache; when full it starts again.
const maxTallies = 4096

// tally counts a finished match's play by seat, replaying its record
// with the counts of the bench (ai.Tally); no table is made.
func (h *Profiles) tally(ctx context.Context, rec carrom.TableRecord, cfg protocol.TableConfig) (ai.Tally, error) {
	h.tallied.mu.Lock()
	tl, ok := h.tallied.m[rec.ID]
	h.tallied.mu.Unlock()
	if ok {
		return tl, nil
	}
	err := h.env.Records.Replay(ctx, rec.ID, cfg, func(st game.Step) error {
		tl.Add(st.Before, st.Action, st.Outcome, st.After)
		return nil
	})
	if err != nil {
		return tl, err
	}
	h.tallied.mu.Lock()
	if h.tallied.m == nil || len(h.tallied.m) >= maxTallies {
		h.tallied.m = map[string]ai.Tally{}
	}
	h.tallied.m[rec.ID] = tl
	h.tallied.mu.Unlock()
	return tl, nil
}

type playedJSON struct {
	ID        string              `json:"id"`
	Rules     string              `json:"rules"`
	Players   int                 `json:"players"`
	Rated     bool                `json:"rated"`
	Created   time.Time           `json:"created"`
	Finished  *time.Time          `json:"finished,omitempty"`
	Seats     []int               `json:"seats"`
	Partner   string              `json:"partner,omitempty"`
	Opponents []string            `json:"opponents"`
	Result    string              `json:"result"` // "won", "lost", "aborted", "in play"
	Games     [2]int              `json:"games"`  // games won: the player's side first
	Change    *rating.ShownChange `json:"change,omitempty"`
	Replay    string              `json:"replay"`
	// Sheet is the printed scoresheet of a match on a real board, which
	// has no replay.
	Sheet  string `json:"sheet,omitempty"`
	Record string `json:"record"`
	Table  string `json:"table"`
	// Ended says why a finished match ended before it was played out:
	// "left" (a player left it, RULES TM-3) or "conceded".
	Ended string `json:"ended,omitempty"`
}

// Stats are a player's statistics over his finished matches, counted with
// the bench's definitions (ai.Tally): boards of his side, strokes of his
// seats.
type Stats struct {
	Matches       int     `json:"matches"`
	MatchesWon    int     `json:"matches_won"`
	Boards        int     `json:"boards"`
	BoardsWon     int     `json:"boards_won"`
	Slams         int     `json:"slams"`
	QueensCovered int     `json:"queens_covered"`
	Strokes       int     `json:"strokes"`
	Scoring       int     `json:"scoring_strokes"`
	Fouls         int     `json:"fouls"`
	PerBoard      float64 `json:"strokes_per_board"`
	ScoringRate   float64 `json:"scoring_rate"`
}

func seatName(si protocol.SeatInfo) string {
	if si.Kind == protocol.SeatComputer {
		return "computer " + si.Level
	}
	if si.Nickname == "" {
		return "(empty)"
	}
	return si.Nickname
}

// Player is a player's profile: his ratings, every match he played
// (opponents, result, rating change, links to the replay and the record)
// and his statistics.
func (h *Profiles) Player(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, err := h.env.Store.AccountByName(ctx, r.PathValue("name"))
	if err != nil {
		fail(w, httpapi.RefuseIf(err, carrom.ErrNotFound, "no player is named %q", r.PathValue("name")))
		return
	}
	rs, err := h.env.Store.Ratings(ctx, a.ID)
	if err != nil {
		fail(w, err)
		return
	}
	played, err := h.env.Store.PlayedMatches(ctx, a.ID)
	if err != nil {
		fail(w, err)
		return
	}
	ratings := []rating.Shown{}
	for _, rt := range rs {
		ratings = append(ratings, rating.Show(rt))
	}
	matches := []playedJSON{}
	var st Stats
	for _, pm := range played {
		if pj, ok := h.played(ctx, pm, &st); ok {
			matches = append(matches, pj)
		}
	}
	sheets, err := h.ratedSheets(ctx, a, &st)
	if err != nil {
		fail(w, err)
		return
	}
	matches = append(matches, sheets...)
	slices.SortStableFunc(matches, func(x, y playedJSON) int { return y.Created.Compare(x.Created) })
	if st.Boards > 0 {
		st.PerBoard = rating.Round1(float64(st.Strokes) / float64(st.Boards))
	}
	if st.Strokes > 0 {
		st.ScoringRate = rating.Round3(float64(st.Scoring) / float64(st.Strokes))
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"name": a.Name, "since": a.Created, "ratings": ratings, "matches": matches, "stats": st})
}

// played is a table an account played as its profile lists it, its play
// added to the account's statistics st; false for a table it cannot show.
func (h *Profiles) played(ctx context.Context, pm PlayedMatch, st *Stats) (playedJSON, bool) {
	ti, err := h.env.Records.Info(pm.Table)
	if err != nil || len(pm.Seats) == 0 {
		return playedJSON{}, false
	}
	// A variant without colours is played by each seat for himself: his
	// side is his seat, and its statistics (boards, slams by side) are
	// ICF's and family's only.
	variant := !slices.Contains(rating.SidesRules, ti.Config.Rules)
	sideOf := func(seat int) int { return seat % 2 }
	if variant {
		sideOf = func(seat int) int { return seat }
	}
	side := sideOf(pm.Seats[0])
	// A rated table's match left unrated (too short, past its pair's
	// rated matches of the day) is shown unrated once over.
	pj := playedJSON{ID: ti.ID, Rules: ti.Config.Rules, Players: ti.Config.Players, Rated: ti.Config.Rated && (ti.Finished == nil || pm.Change != nil), Created: ti.Created, Finished: ti.Finished,
		Seats: pm.Seats, Opponents: []string{}, Result: "in play",
		Replay: "/replay/" + ti.ID, Record: "/api/matches/" + ti.ID + ".txt", Table: "/t/" + ti.ID}
	for _, si := range ti.Seats {
		switch {
		case sideOf(si.Seat) != side:
			pj.Opponents = append(pj.Opponents, seatName(si))
		case !slices.Contains(pm.Seats, si.Seat):
			pj.Partner = seatName(si)
		}
	}
	if pm.Change != nil {
		pj.Change = rating.ShowChange(*pm.Change)
	}
	if ti.Finished != nil {
		var res struct {
			Winner  int    `json:"winner"`
			Games   [2]int `json:"games"`
			Aborted bool   `json:"aborted"`
		}
		err := json.Unmarshal(pm.Table.Result, &res)
		if err == nil && res.Aborted {
			// Ended before its first stroke (docs/accounts.md): neither won
			// nor lost, and nothing to count.
			pj.Result = "aborted"
			return pj, true
		}
		if err == nil {
			pj.Result = "lost"
			if res.Winner == side {
				pj.Result = "won"
				st.MatchesWon++
			}
			if !variant {
				pj.Games = [2]int{res.Games[side], res.Games[1-side]}
			}
		}
		pj.Ended = h.ending(ctx, ti.ID)
		st.Matches++
		if variant {
			return pj, true
		}
		tl, err := h.tally(ctx, pm.Table, ti.Config)
		if err != nil {
			h.env.Log.Warn("a match that does not replay left out of the statistics", "table", ti.ID, "err", err)
		} else {
			st.Boards += len(tl.Boards)
			st.BoardsWon += tl.Won[side]
			st.Slams += tl.Slams[side]
			for _, seat := range pm.Seats {
				st.Strokes += tl.Strokes[seat]
				st.Scoring += tl.Scoring[seat]
				st.Fouls += tl.Fouls[seat]
				st.QueensCovered += tl.Covers[seat]
			}
		}
	}
	return pj, true
}

// deletedAccount stands in a profile for an account deleted since the
// match (docs/accounts.md).
const deletedAccount = "(deleted)"

// ratedSheets lists an account's rated matches on real boards as its
// profile lists online ones, with a link to the printed scoresheet in
// place of a replay, and adds them to its statistics: every match to the
// matches won, and a singles match of ICF or family rules to the boards
// and strokes (a doubles sheet counts its strokes by side, not player).
func (h *Profiles) ratedSheets(ctx context.Context, a account.Account, st *Stats) ([]playedJSON, error) {
	if h.env.Sheets == nil {
		return nil, nil
	}
	rated, err := h.env.Store.RatedSheets(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	var out []playedJSON
	for _, rs := range rated {
		rec, sh, err := h.env.Sheets.Load(ctx, rs.SheetID)
		if err != nil {
			h.env.Log.Warn("a rated sheet that does not load left out of a profile", "sheet", rs.SheetID, "err", err)
			continue
		}
		cfg := sh.Config
		seat := slices.IndexFunc(cfg.Accounts, func(n string) bool { return strings.EqualFold(n, a.Name) })
		if seat < 0 || len(cfg.Accounts) != cfg.Players {
			continue
		}
		sides := slices.Contains(rating.SidesRules, cfg.Rules)
		sideOf := func(seat int) int { return seat }
		if sides {
			sideOf = func(seat int) int { return seat % 2 }
		}
		side := sideOf(seat)
		at := rs.At
		pj := playedJSON{ID: rs.SheetID, Rules: cfg.Rules, Players: cfg.Players, Rated: true, Created: rec.Created, Finished: &at,
			Seats: []int{seat}, Opponents: []string{}, Result: "lost",
			Record: "/api/umpire/" + rs.SheetID + ".jsonl", Sheet: "/umpire/" + rs.SheetID,
			Change: rating.ShowChange(rs.Change)}
		// Listed under the accounts' names, not those the umpire typed.
		for i, acc := range cfg.Accounts {
			name := deletedAccount
			switch named, err := h.env.Store.AccountByName(ctx, acc); {
			case err == nil:
				name = named.Name
			case !errors.Is(err, carrom.ErrNotFound):
				return nil, err
			}
			switch {
			case sideOf(i) != side:
				pj.Opponents = append(pj.Opponents, name)
			case i != seat:
				pj.Partner = name
			}
		}
		v := sh.View()
		st.Matches++
		if v.Winner != nil && *v.Winner == side {
			pj.Result = "won"
			st.MatchesWon++
		}
		if sides && len(v.Boards) > 0 {
			g := v.Boards[len(v.Boards)-1].Games
			pj.Games = [2]int{g[side], g[1-side]}
		}
		if sides && cfg.Players == 2 && side < len(v.Stats) {
			ss := v.Stats[side]
			st.Boards += len(v.Boards)
			st.BoardsWon += ss.Boards
			st.Slams += ss.Slams
			st.QueensCovered += ss.Queens
			st.Strokes += ss.Strokes
			st.Scoring += ss.Scoring
			st.Fouls += ss.Fouls
		}
		out = append(out, pj)
	}
	return out, nil
}
