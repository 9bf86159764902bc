package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/record"
)

// Handler is the server's HTTP interface. Every response says what it is
// (nosniff) and keeps the page to its own origin (CSP); a POST from
// another site is refused (http.CrossOriginProtection), and only the
// pages, table creation and the WebSocket give a browser its identity
// cookie.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	if s.web != nil {
		mux.Handle("GET /", s.front.identified(s.web))
		mux.Handle("GET /t/{id}", s.front.identified(s.matches.tablePage(s.web)))
		mux.Handle("GET /replay/{id}", s.front.identified(s.matches.tablePage(s.web)))
	} else {
		mux.Handle("GET /{$}", s.front.identified(http.HandlerFunc(s.lobby.Page)))
	}
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /api/i18n", s.acct.WithSession(s.language))
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /api/tables", s.lobby.Tables)
	mux.Handle("POST /api/tables", s.front.identified(http.HandlerFunc(s.createTable)))
	mux.HandleFunc("GET /api/tables/{id}", s.getTable)
	mux.Handle("POST /api/tables/{id}/rematch", s.front.identified(http.HandlerFunc(s.rematches.rematch)))
	mux.HandleFunc("GET /api/matches", s.lobby.Matches)
	mux.HandleFunc("GET /api/matches/{id}", s.matches.getMatch)
	mux.HandleFunc("GET /api/matches/{id}/replay", s.matches.getReplay)
	mux.Handle("POST /api/tables/{id}/hint", s.front.identified(http.HandlerFunc(s.hints.Table)))
	mux.HandleFunc("POST /api/practice", s.hints.Practice)
	mux.Handle("GET /ws/{id}", s.front.identified(s.acct.WithSession(s.serveWS)))
	mux.Handle("GET /live", s.front.identified(s.acct.WithSession(s.live.serve)))
	mux.Handle("POST /api/pool", s.front.identified(s.acct.WithSession(s.pairing.Join)))
	mux.Handle("GET /api/pool", s.front.identified(s.acct.WithSession(s.pairing.Status)))
	mux.Handle("DELETE /api/pool", s.front.identified(s.acct.WithSession(s.pairing.Cancel)))
	mux.Handle("GET /api/seeks", s.front.identified(s.acct.WithSession(s.pairing.Seeks)))
	mux.Handle("POST /api/seeks", s.front.identified(s.acct.WithSession(s.pairing.Seek)))
	mux.Handle("DELETE /api/seeks", s.front.identified(s.acct.WithSession(s.pairing.Cancel)))
	mux.Handle("POST /api/seeks/{id}/accept", s.front.identified(s.acct.WithSession(s.pairing.Accept)))
	mux.Handle("GET /api/mine", s.front.identified(http.HandlerFunc(s.lobby.Mine)))
	// A sheet's change gives a browser without one its identity (the
	// sheet's writer); 404 when no store keeps sheets.
	mux.Handle("GET /api/umpire", s.sheets.Kept(unidentified(s.sheets.List)))
	mux.Handle("POST /api/umpire", s.front.identified(s.sheets.Kept(s.sheets.Create)))
	mux.Handle("GET /api/umpire/{id}", s.sheets.Kept(unidentified(s.sheets.Get)))
	mux.Handle("POST /api/umpire/{id}/entries", s.front.identified(s.sheets.Kept(s.sheets.Entry)))
	mux.Handle("POST /api/umpire/{id}/confirm", s.front.identified(s.sheets.Kept(s.sheets.Confirm)))
	if s.accounts != nil {
		s.acct.Route(mux)
		mux.Handle("GET /api/challenges", s.acct.WithSession(s.challenges.List))
		mux.Handle("POST /api/challenges", s.front.identified(http.HandlerFunc(s.challenges.Create)))
		mux.Handle("POST /api/challenges/{id}/{answer}", s.front.identified(http.HandlerFunc(s.challenges.Answer)))
		mux.HandleFunc("GET /api/players/{name}", s.profiles.Player)
		mux.HandleFunc("GET /api/players/{name}/rating.svg", s.ratings.Chart)
		mux.HandleFunc("GET /api/leaderboard", s.ratings.Leaderboard)
		mux.HandleFunc("GET /api/expected", s.ratings.Expected)
	}
	routeFriends(mux, s.friends, s.acct.WithSession)
	if s.tournaments != nil {
		s.tournaments.Route(mux)
	}
	cop := http.NewCrossOriginProtection()
	if s.front.public != nil {
		// Checked in New: a URL without a path, so a valid origin.
		if err := cop.AddTrustedOrigin(s.front.public.Scheme + "://" + s.front.public.Host); err != nil {
			panic(err)
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		apiError(w, errCrossSite)
	}))
	return secure(s.front.clientAddr(cop.Handler(s.acct.CSRF(mux))))
}

var errCrossSite = httpapi.Refuse(account.ErrCSRF, "a request from another site is refused: a POST or DELETE comes from this server's own pages")

// healthz says whether the server is ready: its store answers and, in a
// cluster, its bus too.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	var err error
	if p, ok := s.store.(interface{ Ping(context.Context) error }); ok {
		err = p.Ping(ctx)
	}
	if err == nil && s.cluster != nil {
		err = s.cluster.Bus.Ping(ctx)
	}
	if err != nil {
		httpapi.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "error": httpapi.Text(err)})
		return
	}
	out := map[string]any{"status": "ok", "tables": s.tablesInPlay()}
	if s.cluster != nil {
		out["node"] = s.cluster.Node
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// contentSecurityPolicy lets a page load only the server's own script,
// style and connections: no inline script, no other origin, no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		next.ServeHTTP(w, r)
	})
}

// tablePage serves the page of a table or a match; for one that does not
// exist it serves the same page, which says so, with status 404.
func (m *matches) tablePage(page http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := m.store.Table(r.Context(), r.PathValue("id"))
		switch {
		case errors.Is(err, carrom.ErrNotFound):
			page.ServeHTTP(&statusWriter{ResponseWriter: w, code: http.StatusNotFound}, r)
		case err != nil:
			apiError(w, err)
		default:
			page.ServeHTTP(w, r)
		}
	})
}

// statusWriter answers with its code what would have been a 200.
type statusWriter struct {
	http.ResponseWriter
	code        int
	wroteHeader bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wroteHeader && code == http.StatusOK {
		code = w.code
	}
	w.wroteHeader = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// The identity cookie: a per-browser token that holds seats. Accounts can
// later map to tokens without changing the tables.
const (
	tokenCookie    = "carrom_token"
	nicknameCookie = "carrom_nickname"
)

type ctxKey int

const tokenKey ctxKey = 0

// token is the identity of a request that went through identified.
func token(r *http.Request) string { return r.Context().Value(tokenKey).(string) }

// identified gives the handler the browser's token, and a browser without
// one a new token cookie, set only if the response succeeds: an error or
// a 404 makes no identity.
func (f *front) identified(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if c, err := r.Cookie(tokenCookie); err == nil && len(c.Value) == 32 {
			next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, tokenKey, c.Value)))
			return
		}
		tok := newID(16)
		next.ServeHTTP(&cookieWriter{ResponseWriter: w, cookie: f.cookie(r, tokenCookie, tok, tokenLife)}, r.WithContext(context.WithValue(ctx, tokenKey, tok)))
	})
}

// tokenLife is how long the identity cookie lasts, seconds: ten years.
const tokenLife = 10 * 365 * 24 * 3600

// cookieWriter sets the identity cookie when a response succeeds.
type cookieWriter struct {
	http.ResponseWriter
	cookie      *http.Cookie
	wroteHeader bool
}

func (w *cookieWriter) WriteHeader(code int) {
	if !w.wroteHeader && code < 400 {
		http.SetCookie(w.ResponseWriter, w.cookie)
	}
	w.wroteHeader = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *cookieWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection.
func (w *cookieWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// outside are the errors declared where HTTP is unknown (the domain
// types and the store) with the status each answers with; the server's
// own errors carry theirs (httpapi.New).
var outside = []httpapi.Kind{
	{Err: carrom.ErrNotFound, Status: http.StatusNotFound},
	{Err: carrom.ErrNoOwner, Status: http.StatusServiceUnavailable},
}

// known is err with its status: its own, or else the one outside gives.
func known(err error) error { return httpapi.Known(err, outside...) }

// apiError answers an error as JSON in plain words, with its status.
func apiError(w http.ResponseWriter, err error) { httpapi.WriteError(w, known(err)) }

func info(rec carrom.TableRecord) (protocol.TableInfo, error) {
	var cfg protocol.TableConfig
	if err := json.Unmarshal(rec.Config, &cfg); err != nil {
		return protocol.TableInfo{}, fmt.Errorf("server: table %s: %w", rec.ID, err)
	}
	ti := protocol.TableInfo{ID: rec.ID, Config: table.Shown(cfg, !rec.Finished.IsZero()), Created: rec.Created}
	if !rec.Finished.IsZero() {
		f := rec.Finished
		ti.Finished = &f
		var res any
		if json.Unmarshal(rec.Result, &res) == nil {
			ti.Result = res
		}
	}
	for i, sc := range cfg.Seats {
		si := protocol.SeatInfo{Seat: i, Kind: sc.Kind, Level: sc.Level, Taken: sc.Kind == protocol.SeatComputer}
		for _, claimed := range rec.Seats {
			if claimed.Seat == i {
				si.Nickname, si.Taken = claimed.Nickname, true
			}
		}
		ti.Seats = append(ti.Seats, si)
		ti.Links = append(ti.Links, fmt.Sprintf("/t/%s?seat=%d", rec.ID, i))
	}
	return ti, nil
}

// record loads a stored table and its description.
func (m *matches) record(ctx context.Context, id string) (carrom.TableRecord, protocol.TableInfo, error) {
	rec, err := m.store.Table(ctx, id)
	if errors.Is(err, carrom.ErrNotFound) {
		return rec, protocol.TableInfo{}, httpapi.Refuse(carrom.ErrNotFound, "table %q not found", id)
	}
	if err != nil {
		return rec, protocol.TableInfo{}, err
	}
	ti, err := info(rec)
	return rec, ti, err
}

// createTable makes a table from a JSON body.
func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	var cfg protocol.TableConfig
	if err := httpapi.ReadJSON(w, r, &cfg); err != nil {
		apiError(w, err)
		return
	}
	id, err := s.CreateTable(r.Context(), token(r), cfg)
	if err != nil {
		apiError(w, err)
		return
	}
	_, ti, err := s.matches.record(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, ti)
}

func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	_, ti, err := s.matches.record(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	out := map[string]any{"table": ti}
	if t := s.table(id); t != nil {
		if st, ok := t.State(r.Context()); ok {
			out["state"] = json.RawMessage(st)
		}
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// getMatch returns a table's full record: its configuration and every
// action, from which the match replays bit for bit.
func (m *matches) getMatch(w http.ResponseWriter, r *http.Request) {
	id, txt := strings.CutSuffix(r.PathValue("id"), ".txt")
	rec, ti, err := m.record(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	actions, err := m.store.Actions(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	if txt || strings.Contains(r.Header.Get("Accept"), "text/plain") {
		m.writeMatchRecord(w, rec, ti, actions)
		return
	}
	type actionOut struct {
		Seq    int64           `json:"seq"`
		At     time.Time       `json:"at"`
		Action json.RawMessage `json:"action"`
	}
	out := struct {
		Table   protocol.TableInfo `json:"table"`
		Actions []actionOut        `json:"actions"`
	}{Table: ti, Actions: []actionOut{}}
	for _, a := range actions {
		out.Actions = append(out.Actions, actionOut{Seq: a.Seq, At: a.At, Action: a.Action})
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// writeMatchRecord answers with the match record of a table
// (docs/notation.md), what carrom replay reads: /api/matches/{id}.txt, or
// /api/matches/{id} with Accept: text/plain.
func (m *matches) writeMatchRecord(w http.ResponseWriter, rec carrom.TableRecord, ti protocol.TableInfo, actions []carrom.ActionRecord) {
	gcfg, err := table.GameConfig(ti.Config, m.physics)
	if err != nil {
		apiError(w, err)
		return
	}
	acts, err := table.ParseActions(rec.ID, actions)
	if err != nil {
		apiError(w, err)
		return
	}
	names := make([]string, ti.Config.Players)
	for _, si := range ti.Seats {
		if si.Seat >= 0 && si.Seat < len(names) {
			names[si.Seat] = si.Nickname
			if si.Kind == protocol.SeatComputer {
				names[si.Seat] = "computer " + si.Level
			}
		}
	}
	mr, err := record.RecordOf(gcfg, acts, names, strconv.FormatUint(ti.Config.Seed, 10), rec.Created.UTC().Format("2006-01-02"))
	if err != nil {
		apiError(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, record.Format(mr))
}

// querySeq reads a sequence number from the query: digits only, so that
// "1e3" or "-1" is an error rather than a number read in part.
func querySeq(r *http.Request, name string, def int64) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseUint(v, 10, 62)
	if err != nil {
		return 0, fmt.Errorf("server: %s=%q: want a sequence number, 0 or more in digits: %w", name, v, ErrMessage)
	}
	return int64(n), nil
}
