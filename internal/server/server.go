// Package server is carrom's authoritative game server: an HTTP lobby and
// one WebSocket per client (docs/protocol.md). Each table has one goroutine
// that owns its state; players send intents, the table validates them with
// package game, stores the accepted action, and broadcasts the result.
package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/time/rate"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
)

// Clock is the server's time: the real one, or a fake in tests.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine after d; the returned stop
	// prevents the call if it has not happened yet.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// RealClock is the wall clock.
type RealClock struct{}

// Now is time.Now.
func (RealClock) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (RealClock) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// Config wires a server.
type Config struct {
	Store   Store
	Clock   Clock        // RealClock{} if nil
	Log     *slog.Logger // slog.Default() if nil
	Bots    BotFactory   // computer players; nil: humans only
	Physics physics.Params
	// Grace is how long a player may stay disconnected before he loses
	// the match (RULES TM-3); 2 minutes if zero.
	Grace time.Duration
	// Registry receives the server's metrics; a new one if nil.
	Registry *prometheus.Registry
	// Web serves every GET the API does not (the browser game: its pages
	// and assets); nil serves the plain lobby page at "/".
	Web http.Handler
}

// Server serves the lobby and the tables.
type Server struct {
	store    Store
	clock    Clock
	log      *slog.Logger
	bots     BotFactory
	physics  physics.Params
	grace    time.Duration
	metrics  *metrics
	registry *prometheus.Registry
	web      http.Handler

	ctx    context.Context // ends the tables' goroutines
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	tables map[string]*table
}

// New makes a server. Call Resume to bring back the stored tables, and
// Close to stop every table.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if err := cfg.Physics.Validate(); err != nil {
		return nil, err
	}
	s := &Server{store: cfg.Store, clock: cfg.Clock, log: cfg.Log, bots: cfg.Bots, physics: cfg.Physics, grace: cfg.Grace, registry: cfg.Registry, web: cfg.Web, tables: map[string]*table{}}
	if s.clock == nil {
		s.clock = RealClock{}
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.grace == 0 {
		s.grace = 2 * time.Minute
	}
	if s.registry == nil {
		s.registry = prometheus.NewRegistry()
	}
	s.metrics = newMetrics(s.registry)
	s.ctx, s.cancel = context.WithCancel(context.Background())
	return s, nil
}

// Resume brings back every unfinished table exactly where it was: its
// actions replayed, its seats held by the same players, its clock re-armed
// from the moment of its last action.
func (s *Server) Resume(ctx context.Context) error {
	recs, err := s.store.Tables(ctx, false)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		var cfg TableConfig
		if err := json.Unmarshal(rec.Config, &cfg); err != nil {
			s.log.Error("table with an unreadable configuration", "table", rec.ID, "err", err)
			continue
		}
		t, err := s.newTable(rec.ID, cfg, rec.Created)
		if err != nil {
			s.log.Error("cannot set the table up again", "table", rec.ID, "err", err)
			continue
		}
		actions, err := s.store.Actions(ctx, rec.ID)
		if err != nil {
			return err
		}
		if err := t.restore(rec, actions); err != nil {
			s.log.Error("cannot replay the table", "table", rec.ID, "err", err)
			continue
		}
		if t.finished {
			// Its match was over; restore has recorded that.
			continue
		}
		s.start(t)
		s.log.Info("table resumed", "table", rec.ID, "seq", t.seq)
	}
	return nil
}

func (s *Server) start(t *table) {
	s.mu.Lock()
	s.tables[t.id] = t
	s.mu.Unlock()
	s.metrics.tables.Inc()
	s.wg.Add(1)
	// The table's goroutine ends with the server (Close) or once its match
	// is over and its last client has left.
	go func() {
		defer s.wg.Done()
		t.run(s.ctx)
		s.mu.Lock()
		delete(s.tables, t.id)
		s.mu.Unlock()
		if !t.finished {
			s.metrics.tables.Dec()
		}
	}()
}

// Close stops every table's goroutine; what they accepted is stored.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
}

func (s *Server) table(id string) *table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tables[id]
}

func newID(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// CreateTable stores and starts a new table.
func (s *Server) CreateTable(ctx context.Context, cfg TableConfig) (string, error) {
	if cfg.Seed == 0 {
		cfg.Seed = uint64(s.clock.Now().UnixNano())
	}
	id := newID(6)
	t, err := s.newTable(id, cfg, s.clock.Now())
	if err != nil {
		return "", err
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	if err := s.store.CreateTable(ctx, TableRecord{ID: id, Config: data, Created: t.created}); err != nil {
		return "", err
	}
	s.start(t)
	s.log.Info("table created", "table", id, "rules", cfg.Rules, "players", cfg.Players, "clock", cfg.Clock)
	return id, nil
}

// Handler is the server's HTTP interface.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	if s.web != nil {
		mux.Handle("GET /", s.web)
	} else {
		mux.HandleFunc("GET /{$}", s.lobby)
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "tables": s.metricsTables()})
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /api/tables", s.listTables(false))
	mux.HandleFunc("POST /api/tables", s.createTable)
	mux.HandleFunc("GET /api/tables/{id}", s.getTable)
	mux.HandleFunc("GET /api/matches", s.listTables(true))
	mux.HandleFunc("GET /api/matches/{id}", s.getMatch)
	mux.HandleFunc("GET /api/matches/{id}/replay", s.getReplay)
	mux.HandleFunc("GET /ws/{id}", s.serveWS)
	return s.identify(mux)
}

func (s *Server) metricsTables() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}

// The identity cookie: a per-browser token that holds seats. Accounts can
// later map to tokens without changing the tables.
const (
	tokenCookie    = "carrom_token"
	nicknameCookie = "carrom_nickname"
)

type ctxKey int

const tokenKey ctxKey = 0

// identify gives every browser a token cookie on its first request.
func (s *Server) identify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := ""
		if c, err := r.Cookie(tokenCookie); err == nil && len(c.Value) == 32 {
			token = c.Value
		} else {
			token = newID(16)
			http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: 10 * 365 * 24 * 3600})
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), tokenKey, token)))
	})
}

// apiError maps the errors of the server to HTTP statuses, in one place.
func apiError(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, ErrBadConfig), errors.Is(err, ErrMessage):
		code = http.StatusBadRequest
	case errors.Is(err, ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, ErrSeatTaken):
		code = http.StatusConflict
	}
	writeJSON(w, code, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

type tableInfo struct {
	ID       string      `json:"id"`
	Config   TableConfig `json:"config"`
	Created  time.Time   `json:"created"`
	Finished *time.Time  `json:"finished,omitempty"`
	Result   any         `json:"result,omitempty"`
	Seats    []seatInfo  `json:"seats"`
	Links    []string    `json:"links"`
}

type seatInfo struct {
	Seat     int    `json:"seat"`
	Kind     string `json:"kind"`
	Level    string `json:"level,omitempty"`
	Nickname string `json:"nickname,omitempty"`
	Taken    bool   `json:"taken"`
}

func info(rec TableRecord) (tableInfo, error) {
	var cfg TableConfig
	if err := json.Unmarshal(rec.Config, &cfg); err != nil {
		return tableInfo{}, fmt.Errorf("server: table %s: %w", rec.ID, err)
	}
	ti := tableInfo{ID: rec.ID, Config: cfg, Created: rec.Created}
	if !rec.Finished.IsZero() {
		f := rec.Finished
		ti.Finished = &f
		var res any
		if json.Unmarshal(rec.Result, &res) == nil {
			ti.Result = res
		}
	}
	for i, sc := range cfg.Seats {
		si := seatInfo{Seat: i, Kind: sc.Kind, Level: sc.Level, Taken: sc.Kind == "computer"}
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
func (s *Server) record(ctx context.Context, id string) (TableRecord, tableInfo, error) {
	rec, err := s.store.Table(ctx, id)
	if err != nil {
		return rec, tableInfo{}, err
	}
	ti, err := info(rec)
	return rec, ti, err
}

func (s *Server) listTables(finished bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		recs, err := s.store.Tables(r.Context(), finished)
		if err != nil {
			apiError(w, err)
			return
		}
		out := []tableInfo{}
		for _, rec := range recs {
			if ti, err := info(rec); err == nil {
				out = append(out, ti)
			}
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// maxBody bounds a request body, bytes.
const maxBody = 1 << 14

func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	var cfg TableConfig
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		apiError(w, fmt.Errorf("server: %v: %w", err, ErrBadConfig))
		return
	}
	id, err := s.CreateTable(r.Context(), cfg)
	if err != nil {
		apiError(w, err)
		return
	}
	_, ti, err := s.record(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, ti)
}

func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	_, ti, err := s.record(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	out := map[string]any{"table": ti}
	if t := s.table(id); t != nil {
		reply := make(chan []byte, 1)
		if t.post(stateReq{reply: reply}) {
			select {
			case st := <-reply:
				out["state"] = json.RawMessage(st)
			case <-r.Context().Done():
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// getMatch returns a table's full record: its configuration and every
// action, from which the match replays bit for bit.
func (s *Server) getMatch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	_, ti, err := s.record(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	actions, err := s.store.Actions(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	type actionOut struct {
		Seq    int64           `json:"seq"`
		At     time.Time       `json:"at"`
		Action json.RawMessage `json:"action"`
	}
	out := struct {
		Table   tableInfo   `json:"table"`
		Actions []actionOut `json:"actions"`
	}{Table: ti, Actions: []actionOut{}}
	for _, a := range actions {
		out.Actions = append(out.Actions, actionOut{Seq: a.Seq, At: a.At, Action: a.Action})
	}
	writeJSON(w, http.StatusOK, out)
}

// getReplay replays a table's stored actions and returns them as the
// event messages of the WebSocket, trajectories and states included, so a
// client can show the match stroke by stroke without simulating. ?from=N
// and ?to=M (sequence numbers, inclusive) choose a stretch.
func (s *Server) getReplay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	from, to := int64(1), int64(1<<62)
	for name, dst := range map[string]*int64{"from": &from, "to": &to} {
		if v := r.URL.Query().Get(name); v != "" {
			if _, err := fmt.Sscan(v, dst); err != nil {
				apiError(w, fmt.Errorf("server: %s=%q: %w", name, v, ErrMessage))
				return
			}
		}
	}
	rec, ti, err := s.record(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	t, err := s.newTable(id, ti.Config, rec.Created)
	if err != nil {
		apiError(w, err)
		return
	}
	for _, st := range rec.Seats {
		if st.Seat >= 0 && st.Seat < len(t.seats) {
			t.seats[st.Seat].nickname = st.Nickname
		}
	}
	actions, err := s.store.Actions(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	out := struct {
		Table  tableInfo         `json:"table"`
		Start  *stateMsg         `json:"start,omitempty"` // the table before the first event returned
		Events []json.RawMessage `json:"events"`
	}{Table: ti, Events: []json.RawMessage{}}
	if from <= 1 {
		st := t.snapshot()
		out.Start = &st
	}
	err = t.replay(actions, func(before game.Table, a game.Action, o game.Outcome) {
		switch {
		case t.seq == from-1:
			st := t.snapshot()
			out.Start = &st
		case t.seq >= from && t.seq <= to:
			out.Events = append(out.Events, t.eventMessage(before, a, o))
		}
	})
	if err != nil {
		apiError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// Per connection: at most this many messages a second, in bursts of burst.
const (
	msgRate  = 20
	msgBurst = 40
	sendBuf  = 256
)

// serveWS connects one client to a table: ?since=N asks for the events
// after N (or the full state).
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	t := s.table(r.PathValue("id"))
	if t == nil {
		apiError(w, fmt.Errorf("server: table %s is not in play: %w", r.PathValue("id"), ErrNotFound))
		return
	}
	var since int64
	if v := r.URL.Query().Get("since"); v != "" {
		if _, err := fmt.Sscan(v, &since); err != nil || since < 0 {
			apiError(w, fmt.Errorf("server: since=%q: %w", v, ErrMessage))
			return
		}
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	// Oversized messages are answered and discarded below, never allowed to
	// end the connection.
	conn.SetReadLimit(-1)
	c := &client{token: r.Context().Value(tokenKey).(string), send: make(chan []byte, sendBuf), gone: make(chan struct{})}
	if ck, err := r.Cookie(nicknameCookie); err == nil {
		if name, err := cleanNickname(ck.Value); err == nil {
			c.nickname = name
		}
	}
	if !t.post(joinReq{c: c, since: since}) {
		conn.Close(websocket.StatusGoingAway, "table closed")
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	// The writer goroutine ends when the table drops the client or the
	// connection ends; the reader (this goroutine) then tells the table.
	go func() {
		defer cancel()
		for {
			select {
			case msg := <-c.send:
				wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
				err := conn.Write(wctx, websocket.MessageText, msg)
				wcancel()
				if err != nil {
					return
				}
			case <-c.gone:
				conn.Close(websocket.StatusPolicyViolation, "too slow")
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	s.readLoop(ctx, conn, t, c)
	t.post(leaveReq{c: c})
	conn.Close(websocket.StatusNormalClosure, "")
}

// readLoop reads the client's messages until the connection ends. A bad,
// oversized or too frequent message is answered with an error message.
func (s *Server) readLoop(ctx context.Context, conn *websocket.Conn, t *table, c *client) {
	limiter := rate.NewLimiter(msgRate, msgBurst)
	reply := func(msg []byte) {
		select {
		case c.send <- msg:
		case <-c.gone:
		case <-ctx.Done():
		}
	}
	for {
		_, rd, err := conn.Reader(ctx)
		if err != nil {
			return
		}
		data, err := io.ReadAll(io.LimitReader(rd, MaxMessage+1))
		if err != nil {
			return
		}
		if len(data) > MaxMessage {
			if _, err := io.Copy(io.Discard, rd); err != nil {
				return
			}
			reply(errorMessage(fmt.Errorf("server: message over %d bytes: %w", MaxMessage, ErrMessage)))
			continue
		}
		if !limiter.Allow() {
			reply(errorMessage(fmt.Errorf("server: more than %d messages a second: %w", msgRate, ErrMessage)))
			continue
		}
		in, err := decodeMessage(data, s.physics.MaxSpeed)
		if err != nil {
			reply(errorMessage(err))
			continue
		}
		switch in.kind {
		case "ping":
			reply(encode(pongMsg{V: ProtocolVersion, Type: "pong"}))
		case "sit":
			done := make(chan error, 1)
			if !t.post(sitReq{c: c, seat: in.seat, nickname: in.nickname, reply: done}) {
				return
			}
			if err := <-done; err != nil {
				reply(errorMessage(err))
			}
		case "act":
			if !t.post(actReq{c: c, action: in.action, at: s.clock.Now()}) {
				return
			}
		}
	}
}
