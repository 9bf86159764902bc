package server

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
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
	// SheetOps lists a sheet's operations numbered after after, in order.
	SheetOps(ctx context.Context, sheetID string, after int64) ([]carrom.SheetOp, error)
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

// maxSheetOps bounds a sheet's log. A match has at most 27 boards (best
// of three games of 8 boards and a tie-break board each, RULES G-1, G-2)
// and a board on a real board some tens of strokes: 3,000 operations are
// 27 boards of 111 entries, corrections and signatures included.
const maxSheetOps = 3000

// The states a server keeps of the sheets written or read lately: at most
// maxCachedSheets sheets and maxCachedOps operations among them, the
// sheets used least recently dropped first (a sheet in use is never).
const (
	maxCachedSheets = 256
	maxCachedOps    = 30000
)

// sheets keeps each sheet's state as of its last stored operation, so
// that an entry applies one operation, never the log, and locks its own
// sheet only. The store stays the truth: before each use a state takes
// the operations stored after it (by another server sharing the database,
// say), which are numbered and never change.
type sheets struct {
	store SheetStore
	// replayed counts the stored operations applied to a state, on
	// loading a sheet or catching up with another server's entries.
	replayed prometheus.Counter

	mu     sync.Mutex // guards states, recent, held and each state's refs
	states map[string]*sheetState
	recent *list.List // of sheet IDs, the least recently used first
	held   int        // the operations the states hold
}

// sheetState is one sheet's state on this server.
type sheetState struct {
	elem *list.Element
	refs int // requests using it
	held int // len(ops) as counted in sheets.held

	mu  sync.Mutex // serialises the work on the sheet here
	sh  umpire.Sheet
	ops [][]byte // the stored operations, canonical, by number − 1
	ok  bool     // sh and ops hold the sheet as stored up to sh.Seq
}

func newSheets(store SheetStore, reg prometheus.Registerer) *sheets {
	c := &sheets{store: store, states: map[string]*sheetState{}, recent: list.New(),
		replayed: prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_sheet_ops_replayed_total", Help: "Stored scoresheet operations applied on loading a sheet or catching up with another node's entries."})}
	reg.MustRegister(c.replayed)
	return c
}

// acquire locks sheet id's state, made empty if the server holds none.
func (c *sheets) acquire(id string) *sheetState {
	c.mu.Lock()
	st := c.states[id]
	if st == nil {
		st = &sheetState{elem: c.recent.PushBack(id)}
		c.states[id] = st
	} else {
		c.recent.MoveToBack(st.elem)
	}
	st.refs++
	c.mu.Unlock()
	st.mu.Lock()
	return st
}

// release unlocks a state and keeps the states within their bounds.
func (c *sheets) release(st *sheetState) {
	n := len(st.ops)
	if !st.ok {
		n = 0
	}
	st.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	st.refs--
	c.held += n - st.held
	st.held = n
	for e := c.recent.Front(); e != nil && (c.held > maxCachedOps || len(c.states) > maxCachedSheets); {
		next := e.Next()
		if old := c.states[e.Value.(string)]; old.refs == 0 {
			c.held -= old.held
			delete(c.states, e.Value.(string))
			c.recent.Remove(e)
		}
		e = next
	}
}

// catchUp brings a locked state to the sheet as stored: a sheet the
// server does not hold is replayed once, one it holds takes only the
// operations stored since.
func (c *sheets) catchUp(ctx context.Context, st *sheetState, rec carrom.SheetRecord) error {
	if !st.ok {
		var cfg umpire.Config
		if err := json.Unmarshal(rec.Config, &cfg); err != nil {
			return fmt.Errorf("server: sheet %s: %w", rec.ID, err)
		}
		sh, err := umpire.New(cfg)
		if err != nil {
			return fmt.Errorf("server: sheet %s: %v", rec.ID, err)
		}
		st.sh, st.ops = sh, nil
	}
	ops, err := c.store.SheetOps(ctx, rec.ID, st.sh.Seq)
	if err != nil {
		st.ok = false
		return err
	}
	for _, o := range ops {
		op, _, err := umpire.DecodeOp(o.Op)
		if err == nil {
			st.sh, err = st.sh.Apply(op)
		}
		if err != nil {
			st.ok = false
			return fmt.Errorf("server: sheet %s entry %d no longer applies: %v", rec.ID, o.Seq, err)
		}
		st.ops = append(st.ops, o.Op)
		c.replayed.Inc()
	}
	st.ok = true
	return nil
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

// sheetAPI serves a sheet's change, which gives a browser without one its
// identity (the sheet's writer); 404 when no store keeps sheets.
func (s *Server) sheetAPI(h http.HandlerFunc) http.Handler {
	return s.identified(s.sheetsKept(h))
}

// sheetRead serves a sheet's GET, which makes no identity (as no GET of
// the API does): a browser without its token cookie reads as anyone, and
// has no sheets of its own.
func (s *Server) sheetRead(h http.HandlerFunc) http.Handler {
	return s.sheetsKept(func(w http.ResponseWriter, r *http.Request) {
		tok := ""
		if c, err := r.Cookie(tokenCookie); err == nil && len(c.Value) == 32 {
			tok = c.Value
		}
		h(w, r.WithContext(context.WithValue(r.Context(), tokenKey, tok)))
	})
}

func (s *Server) sheetsKept(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.sheetStore() == nil {
			apiError(w, fmt.Errorf("server: no scoresheets on this server: %w", carrom.ErrNotFound))
			return
		}
		h(w, r)
	}
}

// createSheet opens a scoresheet for the browser that asks: only it may
// write the sheet; anyone may read it.
func (s *Server) createSheet(w http.ResponseWriter, r *http.Request) {
	var cfg umpire.Config
	if err := httpapi.ReadJSON(w, r, &cfg); err != nil {
		apiError(w, err)
		return
	}
	sh, err := umpire.New(cfg)
	if err == nil {
		err = cfg.Printable()
	}
	if err != nil {
		apiError(w, err)
		return
	}
	if len(cfg.Accounts) > 0 && !slices.Contains(ratedRules, cfg.Rules) {
		apiError(w, httpapi.Refuse(umpire.ErrConfig, "Matches under these rules are not rated (rated: %s): leave the accounts out.", strings.Join(ratedRules, ", ")))
		return
	}
	accounts, err := s.sheetAccounts(r.Context(), cfg)
	if err != nil {
		apiError(w, err)
		return
	}
	// The sheet keeps the accounts' names as the accounts spell them, which
	// the players' confirmations and profiles go by.
	for i, a := range accounts {
		cfg.Accounts[i] = a.Name
	}
	sh.Config = cfg
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
		apiError(w, httpapi.Refuse(ErrTooMany, "%d scoresheets open on this browser, the most it may have: finish one before opening another.", open))
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
	httpapi.WriteJSON(w, http.StatusCreated, sheetReply{ID: id, Created: now, View: sh.View(), Yours: true})
}

// sheet reads a sheet's record.
func (s *Server) sheet(ctx context.Context, id string) (carrom.SheetRecord, error) {
	rec, err := s.sheetStore().Sheet(ctx, id)
	if errors.Is(err, carrom.ErrNotFound) {
		return rec, httpapi.Refuse(carrom.ErrNotFound, "No scoresheet has this address: check the link, or open a new sheet.")
	}
	return rec, err
}

// loadSheet reads a sheet: its record and its state as stored.
func (s *Server) loadSheet(ctx context.Context, id string) (carrom.SheetRecord, umpire.Sheet, error) {
	rec, err := s.sheet(ctx, id)
	if err != nil {
		return rec, umpire.Sheet{}, err
	}
	st, err := s.lockSheet(ctx, rec)
	if err != nil {
		return rec, umpire.Sheet{}, err
	}
	defer s.sheets.release(st)
	return rec, st.sh, nil
}

// lockSheet locks the state of sheet rec on this server, caught up with
// the store; the caller releases it.
func (s *Server) lockSheet(ctx context.Context, rec carrom.SheetRecord) (*sheetState, error) {
	st := s.sheets.acquire(rec.ID)
	if err := s.sheets.catchUp(ctx, st, rec); err != nil {
		s.sheets.release(st)
		return nil, err
	}
	return st, nil
}

// getSheet answers a sheet: its view as JSON, with the suffix .jsonl its
// entries as referee input lines, what carrom referee reads, or with the
// suffix .txt the match record (umpire.Sheet.Text, docs/umpire.md).
func (s *Server) getSheet(w http.ResponseWriter, r *http.Request) {
	id, lines := strings.CutSuffix(r.PathValue("id"), ".jsonl")
	id, text := strings.CutSuffix(id, ".txt")
	rec, sh, err := s.loadSheet(r.Context(), id)
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
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: token(r) != "" && rec.Token == token(r), Rating: rt})
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
	out := []sheetInfo{}
	if token(r) == "" {
		httpapi.WriteJSON(w, http.StatusOK, out)
		return
	}
	recs, err := s.sheetStore().SheetsOf(r.Context(), token(r))
	if err != nil {
		apiError(w, err)
		return
	}
	for _, rec := range recs {
		si := sheetInfo{ID: rec.ID, Config: rec.Config, Created: rec.Created}
		if !rec.Finished.IsZero() {
			f := rec.Finished
			si.Finished, si.Result = &f, rec.Result
		}
		out = append(out, si)
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
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
	data, err := httpapi.ReadBody(w, r)
	if err != nil {
		apiError(w, err)
		return
	}
	op, canon, err := umpire.DecodeOp(data)
	if err != nil {
		apiError(w, err)
		return
	}
	// The writer first, from the sheet's record alone: another browser's
	// request costs no state and waits on no lock.
	rec, err := s.sheet(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	if rec.Token != token(r) {
		apiError(w, httpapi.New(http.StatusForbidden, "Only the browser that opened this scoresheet can write in it; here it can be read and printed."))
		return
	}
	st, err := s.lockSheet(ctx, rec)
	if err != nil {
		apiError(w, err)
		return
	}
	defer s.sheets.release(st)
	sh := st.sh
	refuse := func(err error) {
		httpapi.WriteJSON(w, httpapi.Status(known(err)), sheetError{Error: httpapi.Text(err), Next: sh.Seq + 1})
	}
	switch {
	case op.Seq <= sh.Seq:
		if !bytes.Equal(st.ops[op.Seq-1], canon) {
			refuse(httpapi.Refuse(umpire.ErrSequence, "The sheet holds another entry in this one's place (the sheet has other contents than this page): reload the page and enter it again."))
			return
		}
		s.sheetDuplicate(ctx, w, rec, sh)
		return
	case op.Seq > sh.Seq+1:
		refuse(httpapi.Refuse(umpire.ErrSequence, "The sheet lacks the entries made before this one (entries %d to %d missing): reload the page and enter them again.", sh.Seq+1, op.Seq-1))
		return
	case len(st.ops) >= maxSheetOps:
		refuse(httpapi.New(http.StatusRequestEntityTooLarge, fmt.Sprintf("This sheet holds %d entries, the most a sheet keeps: open a new sheet for the rest of the match.", maxSheetOps)))
		return
	}
	if len(sh.Config.Accounts) > 0 {
		rt, err := s.rating(ctx, id, sh, sh.View())
		if err != nil {
			apiError(w, err)
			return
		}
		if rt.Rated {
			refuse(httpapi.Refuse(umpire.ErrRefused, "The match has been rated: its sheet no longer changes."))
			return
		}
	}
	next, err := sh.Apply(op)
	if err != nil {
		refuse(err)
		return
	}
	now := s.clock.Now()
	if err := s.sheetStore().AppendSheetOp(ctx, id, carrom.SheetOp{Seq: op.Seq, Op: canon, At: now}); err != nil {
		// Another server sharing the database stored this number first:
		// the same operation (sent twice) is a duplicate, another a conflict.
		if errors.Is(err, carrom.ErrDuplicate) {
			if err := s.sheets.catchUp(ctx, st, rec); err == nil && int64(len(st.ops)) >= op.Seq && bytes.Equal(st.ops[op.Seq-1], canon) {
				s.sheetDuplicate(ctx, w, rec, st.sh)
				return
			}
			refuse(httpapi.Refuse(umpire.ErrSequence, "Another entry was stored in this one's place meanwhile: reload the page and enter it again."))
			return
		}
		apiError(w, err)
		return
	}
	st.sh, st.ops = next, append(st.ops, canon)
	v := next.View()
	if err := s.finishSheet(ctx, rec, v, now); err != nil {
		apiError(w, err)
		return
	}
	rt, err := s.rating(ctx, id, next, v)
	if err != nil {
		apiError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: true, Rating: rt})
}

// sheetDuplicate answers an operation sent again with the sheet as stored.
func (s *Server) sheetDuplicate(ctx context.Context, w http.ResponseWriter, rec carrom.SheetRecord, sh umpire.Sheet) {
	v := sh.View()
	rt, err := s.rating(ctx, rec.ID, sh, v)
	if err != nil {
		apiError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: rec.ID, Created: rec.Created, View: v, Yours: true, Duplicate: true, Rating: rt})
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
		if err := s.sheetStore().FinishSheet(ctx, rec.ID, now, res); err != nil {
			return err
		}
		s.sheetOver(ctx, rec.ID, v)
		return nil
	case !v.Over && !rec.Finished.IsZero():
		return s.sheetStore().FinishSheet(ctx, rec.ID, time.Time{}, nil)
	}
	return nil
}

// sheetAccounts resolves a rated sheet's account names, by seat, to their
// accounts; a sheet without accounts has none.
func (s *Server) sheetAccounts(ctx context.Context, cfg umpire.Config) ([]account.Account, error) {
	if len(cfg.Accounts) == 0 {
		return nil, nil
	}
	if s.accounts == nil {
		return nil, httpapi.Refuse(umpire.ErrConfig, "This server keeps no accounts, so it rates no matches: leave the accounts out.")
	}
	out := make([]account.Account, len(cfg.Accounts))
	for i, name := range cfg.Accounts {
		a, err := s.accounts.AccountByName(ctx, name)
		if errors.Is(err, carrom.ErrNotFound) {
			return nil, httpapi.Refuse(umpire.ErrConfig, "No account is named %q: check the name, or leave the accounts out.", name)
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
	me, err := account.Of(r)
	if err != nil {
		apiError(w, err)
		return
	}
	rec, err := s.sheet(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	st, err := s.lockSheet(ctx, rec)
	if err != nil {
		apiError(w, err)
		return
	}
	defer s.sheets.release(st)
	sh := st.sh
	accounts, err := s.sheetAccounts(ctx, sh.Config)
	if err != nil {
		apiError(w, err)
		return
	}
	if !slices.ContainsFunc(accounts, func(a account.Account) bool { return a.ID == me.Account.ID }) {
		httpapi.WriteJSON(w, http.StatusForbidden, sheetError{Error: fmt.Sprintf("%s plays no seat of this rated match, so cannot confirm its result.", me.Account.Name), Next: sh.Seq + 1})
		return
	}
	v := sh.View()
	if !v.Over || v.Winner == nil {
		httpapi.WriteJSON(w, http.StatusUnprocessableEntity, sheetError{Error: "The match is not over yet, or its last board not signed: confirm its result once it is.", Next: sh.Seq + 1})
		return
	}
	now := s.clock.Now()
	if err := s.sheetStore().ConfirmSheet(ctx, id, carrom.SheetConfirm{AccountID: me.Account.ID, Seq: sh.Seq, At: now}); err != nil {
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
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: rec.Token == token(r), Rating: rt})
}
