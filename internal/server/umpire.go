package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/umpire"
)

// SheetStore keeps the umpires' scoresheets of matches on real boards
// (internal/umpire) and each sheet's numbered operations. internal/store
// implements it; a sheet that does not exist is carrom.ErrNotFound and an
// operation number stored twice carrom.ErrDuplicate.
type SheetStore interface {
	CreateSheet(ctx context.Context, sh carrom.SheetRecord) error
	Sheet(ctx context.Context, id string) (carrom.SheetRecord, error)
	SheetsOf(ctx context.Context, token string) ([]carrom.SheetRecord, error)
	AppendSheetOp(ctx context.Context, sheetID string, op carrom.SheetOp) error
	SheetOps(ctx context.Context, sheetID string) ([]carrom.SheetOp, error)
	// FinishSheet records the end of the sheet's match; a zero time
	// clears it (an entry taken back reopens the match).
	FinishSheet(ctx context.Context, sheetID string, at time.Time, result []byte) error
	// ConfirmSheet records a player's account confirming the result of a
	// rated sheet as it stood at c.Seq, replacing the account's earlier one.
	ConfirmSheet(ctx context.Context, sheetID string, c carrom.SheetConfirm) error
	SheetConfirms(ctx context.Context, sheetID string) ([]carrom.SheetConfirm, error)
}

// maxOpenSheets bounds the sheets one identity has open (not finished),
// so that no browser can fill the store with empty sheets.
const maxOpenSheets = 32

// maxSheetOps bounds a sheet's log: a best-of-three match has some
// hundreds of strokes, and every entry replays the log.
const maxSheetOps = 5000

// sheets serialises the writes to the scoresheets: an operation is
// checked against the log as stored, then appended.
type sheets struct {
	store SheetStore
	mu    sync.Mutex
}

// sheetReply is the answer to a sheet's request.
type sheetReply struct {
	ID      string      `json:"id"`
	Created time.Time   `json:"created"`
	View    umpire.View `json:"view"`
	// Yours: this browser writes the sheet.
	Yours bool `json:"yours"`
	// Duplicate: the operation had been stored already (sent again after
	// a lost answer); nothing changed.
	Duplicate bool `json:"duplicate,omitempty"`
	// Rating: a rated sheet's accounts and confirmations.
	Rating *sheetRating `json:"rating,omitempty"`
}

// sheetRating is where a rated sheet stands: the players' accounts by
// seat, those that confirmed the result as it stands, and whether the
// match has been rated (it is once over and confirmed by every account).
type sheetRating struct {
	Accounts  []string `json:"accounts"`
	Confirmed []string `json:"confirmed"`
	Rated     bool     `json:"rated"`
}

// sheetError is the answer to an operation refused: the error, and the
// number the sheet expects next.
type sheetError struct {
	Error string `json:"error"`
	Next  int64  `json:"next"`
}

func (s *Server) sheetStore() SheetStore {
	if s.sheets == nil {
		return nil
	}
	return s.sheets.store
}

// sheetAPI answers 404 for every sheet request when no store keeps sheets.
func (s *Server) sheetAPI(h http.HandlerFunc) http.Handler {
	return s.identified(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.sheetStore() == nil {
			apiError(w, fmt.Errorf("server: no scoresheets on this server: %w", carrom.ErrNotFound))
			return
		}
		h(w, r)
	}))
}

// readJSONBody reads a JSON body: a form of another site can post
// text/plain, never application/json.
func readJSONBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return nil, fmt.Errorf("server: content type %q: %w", r.Header.Get("Content-Type"), errMediaType)
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("server: a body over %d bytes: %w", maxBody, ErrMessage)
	}
	return data, nil
}

// createSheet opens a scoresheet for the browser that asks: only it may
// write the sheet; anyone may read it.
func (s *Server) createSheet(w http.ResponseWriter, r *http.Request) {
	data, err := readJSONBody(w, r)
	if err != nil {
		apiError(w, err)
		return
	}
	var cfg umpire.Config
	if err := decodeStrict(data, &cfg); err != nil {
		apiError(w, fmt.Errorf("server: scoresheet configuration: %v: %w", err, ErrBadConfig))
		return
	}
	sh, err := umpire.New(cfg)
	if err != nil {
		apiError(w, fmt.Errorf("%v: %w", err, ErrBadConfig))
		return
	}
	if len(cfg.Accounts) > 0 && !slices.Contains(ratedRules, cfg.Rules) {
		apiError(w, fmt.Errorf("server: rules %q are not rated (rated: %s): %w", cfg.Rules, strings.Join(ratedRules, ", "), ErrBadConfig))
		return
	}
	if _, err := s.sheetAccounts(r.Context(), cfg); err != nil {
		apiError(w, err)
		return
	}
	mine, err := s.sheetStore().SheetsOf(r.Context(), token(r))
	if err != nil {
		apiError(w, err)
		return
	}
	open := 0
	for _, m := range mine {
		if m.Finished.IsZero() {
			open++
		}
	}
	if open >= maxOpenSheets {
		apiError(w, fmt.Errorf("server: %d scoresheets open on this browser, the most it may have: %w", open, ErrTooMany))
		return
	}
	conf, err := json.Marshal(cfg)
	if err != nil {
		apiError(w, err)
		return
	}
	id, now := newID(8), s.clock.Now()
	if err := s.sheetStore().CreateSheet(r.Context(), carrom.SheetRecord{ID: id, Token: token(r), Config: conf, Created: now}); err != nil {
		apiError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, sheetReply{ID: id, Created: now, View: sh.View(), Yours: true})
}

// loadSheet reads a sheet and folds its log.
func (s *Server) loadSheet(ctx context.Context, id string) (carrom.SheetRecord, umpire.Sheet, []carrom.SheetOp, error) {
	rec, err := s.sheetStore().Sheet(ctx, id)
	if err != nil {
		return rec, umpire.Sheet{}, nil, err
	}
	var cfg umpire.Config
	if err := json.Unmarshal(rec.Config, &cfg); err != nil {
		return rec, umpire.Sheet{}, nil, fmt.Errorf("server: sheet %s: %w", id, err)
	}
	sh, err := umpire.New(cfg)
	if err != nil {
		return rec, sh, nil, fmt.Errorf("server: sheet %s: %v", id, err)
	}
	ops, err := s.sheetStore().SheetOps(ctx, id)
	if err != nil {
		return rec, sh, nil, err
	}
	for _, o := range ops {
		op, _, err := umpire.DecodeOp(o.Op)
		if err == nil {
			sh, err = sh.Apply(op)
		}
		if err != nil {
			return rec, sh, nil, fmt.Errorf("server: sheet %s entry %d no longer applies: %v", id, o.Seq, err)
		}
	}
	return rec, sh, ops, nil
}

// getSheet answers a sheet: its view as JSON, with the suffix .jsonl its
// entries as referee input lines, what carrom referee reads, or with the
// suffix .txt the match record (umpire.Sheet.Text, docs/umpire.md).
func (s *Server) getSheet(w http.ResponseWriter, r *http.Request) {
	id, lines := strings.CutSuffix(r.PathValue("id"), ".jsonl")
	id, text := strings.CutSuffix(id, ".txt")
	rec, sh, _, err := s.loadSheet(r.Context(), id)
	if err != nil {
		apiError(w, err)
		return
	}
	if text {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename="sheet-%s-%s.txt"`, id, sh.Config.Rules))
		io.WriteString(w, sh.Text(rec.Created.UTC().Format(time.DateOnly)))
		return
	}
	if lines {
		w.Header().Set("Content-Type", "application/jsonl; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename="sheet-%s-%s.jsonl"`, id, sh.Config.Rules))
		for _, l := range sh.Entries() {
			w.Write(l)
			w.Write([]byte("\n"))
		}
		return
	}
	v := sh.View()
	rt, err := s.rating(r.Context(), id, sh, v)
	if err != nil {
		apiError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: rec.Token == token(r), Rating: rt})
}

// sheetInfo is a sheet in a list.
type sheetInfo struct {
	ID       string          `json:"id"`
	Config   json.RawMessage `json:"config"`
	Created  time.Time       `json:"created"`
	Finished *time.Time      `json:"finished,omitempty"`
	Result   json.RawMessage `json:"result,omitempty"`
}

// listSheets lists the sheets this browser opened, newest first.
func (s *Server) listSheets(w http.ResponseWriter, r *http.Request) {
	recs, err := s.sheetStore().SheetsOf(r.Context(), token(r))
	if err != nil {
		apiError(w, err)
		return
	}
	out := []sheetInfo{}
	for _, rec := range recs {
		si := sheetInfo{ID: rec.ID, Config: rec.Config, Created: rec.Created}
		if !rec.Finished.IsZero() {
			f := rec.Finished
			si.Finished, si.Result = &f, rec.Result
		}
		out = append(out, si)
	}
	writeJSON(w, http.StatusOK, out)
}

// postSheetOp applies one numbered operation to a sheet. The numbers make
// a device's queue of entries made offline safe to send again: an
// operation already stored is answered as it was (duplicate), never
// applied twice; a different operation under a stored number, and a
// number past the next one (a gap), are refused with 409 and the number
// expected; an entry the laws refuse is 422 and stores nothing.
func (s *Server) postSheetOp(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	data, err := readJSONBody(w, r)
	if err != nil {
		apiError(w, err)
		return
	}
	op, canon, err := umpire.DecodeOp(data)
	if err != nil {
		apiError(w, fmt.Errorf("%v: %w", err, ErrMessage))
		return
	}
	s.sheets.mu.Lock()
	defer s.sheets.mu.Unlock()
	rec, sh, ops, err := s.loadSheet(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	if rec.Token != token(r) {
		writeJSON(w, http.StatusForbidden, sheetError{Error: fmt.Sprintf("server: sheet %s is written by the browser that opened it", id), Next: sh.Seq + 1})
		return
	}
	refuse := func(code int, err error) {
		writeJSON(w, code, sheetError{Error: err.Error(), Next: sh.Seq + 1})
	}
	switch {
	case op.Seq <= sh.Seq:
		if !bytes.Equal(ops[op.Seq-1].Op, canon) {
			refuse(http.StatusConflict, fmt.Errorf("server: sheet %s entry %d was stored with other contents: %w", id, op.Seq, umpire.ErrSequence))
			return
		}
		v := sh.View()
		rt, err := s.rating(ctx, id, sh, v)
		if err != nil {
			apiError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: true, Duplicate: true, Rating: rt})
		return
	case op.Seq > sh.Seq+1:
		refuse(http.StatusConflict, fmt.Errorf("server: sheet %s entry %d: entries %d to %d missing: %w", id, op.Seq, sh.Seq+1, op.Seq-1, umpire.ErrSequence))
		return
	case len(ops) >= maxSheetOps:
		refuse(http.StatusRequestEntityTooLarge, fmt.Errorf("server: sheet %s has %d entries, the most a sheet keeps: %w", id, maxSheetOps, ErrTooMany))
		return
	}
	rt, err := s.rating(ctx, id, sh, sh.View())
	if err != nil {
		apiError(w, err)
		return
	}
	if rt != nil && rt.Rated {
		refuse(http.StatusUnprocessableEntity, fmt.Errorf("server: sheet %s: the match is rated, its sheet no longer changes: %w", id, umpire.ErrRefused))
		return
	}
	next, err := sh.Apply(op)
	if err != nil {
		code := http.StatusUnprocessableEntity
		if errors.Is(err, umpire.ErrOp) {
			code = http.StatusBadRequest
		}
		refuse(code, err)
		return
	}
	now := s.clock.Now()
	if err := s.sheetStore().AppendSheetOp(ctx, id, carrom.SheetOp{Seq: op.Seq, Op: canon, At: now}); err != nil {
		// Another server sharing the database stored this number first:
		// the same operation (sent twice) is a duplicate, another a conflict.
		if errors.Is(err, carrom.ErrDuplicate) {
			if _, cur, ops, err := s.loadSheet(ctx, id); err == nil && int64(len(ops)) >= op.Seq && bytes.Equal(ops[op.Seq-1].Op, canon) {
				writeJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: cur.View(), Yours: true, Duplicate: true})
				return
			}
			refuse(http.StatusConflict, fmt.Errorf("server: sheet %s entry %d was stored meanwhile with other contents: %w", id, op.Seq, umpire.ErrSequence))
			return
		}
		apiError(w, err)
		return
	}
	v := next.View()
	if err := s.finishSheet(ctx, rec, v, now); err != nil {
		apiError(w, err)
		return
	}
	if rt, err = s.rating(ctx, id, next, v); err != nil {
		apiError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: true, Rating: rt})
}

// finishSheet records the end of a sheet's match, or clears the record
// when an entry taken back has reopened it.
func (s *Server) finishSheet(ctx context.Context, rec carrom.SheetRecord, v umpire.View, now time.Time) error {
	switch {
	case v.Over && rec.Finished.IsZero():
		res, err := json.Marshal(map[string]any{"winner": v.Winner, "boards": len(v.Boards)})
		if err != nil {
			return err
		}
		return s.sheetStore().FinishSheet(ctx, rec.ID, now, res)
	case !v.Over && !rec.Finished.IsZero():
		return s.sheetStore().FinishSheet(ctx, rec.ID, time.Time{}, nil)
	}
	return nil
}

// sheetAccounts resolves a rated sheet's account names, by seat, to their
// accounts; a sheet without accounts has none.
func (s *Server) sheetAccounts(ctx context.Context, cfg umpire.Config) ([]carrom.Account, error) {
	if len(cfg.Accounts) == 0 {
		return nil, nil
	}
	if s.accounts == nil {
		return nil, fmt.Errorf("server: this server keeps no accounts, so no rated matches: %w", ErrBadConfig)
	}
	out := make([]carrom.Account, len(cfg.Accounts))
	for i, name := range cfg.Accounts {
		a, err := s.accounts.AccountByName(ctx, name)
		if errors.Is(err, carrom.ErrNotFound) {
			return nil, fmt.Errorf("server: no account is named %q: %w", name, ErrBadConfig)
		}
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// rating says where a rated sheet stands (nil for an unrated one).
func (s *Server) rating(ctx context.Context, id string, sh umpire.Sheet, v umpire.View) (*sheetRating, error) {
	if len(sh.Config.Accounts) == 0 {
		return nil, nil
	}
	accounts, err := s.sheetAccounts(ctx, sh.Config)
	if err != nil {
		return nil, err
	}
	confirms, err := s.sheetStore().SheetConfirms(ctx, id)
	if err != nil {
		return nil, err
	}
	out := &sheetRating{Accounts: sh.Config.Accounts, Confirmed: []string{}}
	for _, a := range accounts {
		for _, c := range confirms {
			if c.AccountID == a.ID && c.Seq == sh.Seq {
				out.Confirmed = append(out.Confirmed, a.Name)
			}
		}
	}
	out.Rated = v.Over && v.Winner != nil && len(out.Confirmed) == len(accounts)
	return out, nil
}

// confirmSheet records that the signed-in player confirms the result of a
// rated match his account plays in; once every player has, the match is
// rated (Glicko-2, as an online match), and its sheet no longer changes.
// The players confirm with their own sessions, so that no umpire can rate
// accounts that did not play.
func (s *Server) confirmSheet(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	me, err := session(r)
	if err != nil {
		apiError(w, err)
		return
	}
	s.sheets.mu.Lock()
	defer s.sheets.mu.Unlock()
	rec, sh, _, err := s.loadSheet(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	accounts, err := s.sheetAccounts(ctx, sh.Config)
	if err != nil {
		apiError(w, err)
		return
	}
	if !slices.ContainsFunc(accounts, func(a carrom.Account) bool { return a.ID == me.a.ID }) {
		writeJSON(w, http.StatusForbidden, sheetError{Error: fmt.Sprintf("server: %s plays no seat of rated sheet %s", me.a.Name, id), Next: sh.Seq + 1})
		return
	}
	v := sh.View()
	if !v.Over || v.Winner == nil {
		writeJSON(w, http.StatusUnprocessableEntity, sheetError{Error: fmt.Sprintf("server: sheet %s: the match is not over and signed: %v", id, umpire.ErrRefused), Next: sh.Seq + 1})
		return
	}
	now := s.clock.Now()
	if err := s.sheetStore().ConfirmSheet(ctx, id, carrom.SheetConfirm{AccountID: me.a.ID, Seq: sh.Seq, At: now}); err != nil {
		apiError(w, err)
		return
	}
	rt, err := s.rating(ctx, id, sh, v)
	if err != nil {
		apiError(w, err)
		return
	}
	if rt.Rated {
		m := carrom.RatedMatch{TableID: "sheet:" + id, Rules: sh.Config.Rules, Winner: *v.Winner, At: now}
		for seat, a := range accounts {
			m.Sides[seat%2] = append(m.Sides[seat%2], a.ID)
		}
		changes, err := s.RateMatch(ctx, m)
		if err != nil {
			apiError(w, err)
			return
		}
		if len(changes) > 0 {
			s.log.Info("real-board match rated", "sheet", id, "changes", len(changes))
		}
	}
	writeJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: rec.Token == token(r), Rating: rt})
}
