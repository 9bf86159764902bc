package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
)

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
	case errors.Is(err, carrom.ErrNotFound):
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

func info(rec carrom.TableRecord) (tableInfo, error) {
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
func (s *Server) record(ctx context.Context, id string) (carrom.TableRecord, tableInfo, error) {
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
