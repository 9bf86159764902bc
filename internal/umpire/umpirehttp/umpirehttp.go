package umpirehttp

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/rating"
	"github.com/carrom-game/carrom/internal/umpire"
)

// Store keeps the umpires' scoresheets of matches on real boards and
// each sheet's numbered operations. internal/store implements it; a sheet
// that does not exist is carrom.ErrNotFound and an operation number
// stored twice carrom.ErrDuplicate.
type Store interface {
	CreateSheet(ctx context.Context, sh umpire.Record) error
	Sheet(ctx context.Context, id string) (umpire.Record, error)
	SheetsOf(ctx context.Context, token string) ([]umpire.Record, error)
	AppendSheetOp(ctx context.Context, sheetID string, op umpire.StoredOp) error
	// SheetOps lists a sheet's operations numbered after after, in order.
	SheetOps(ctx context.Context, sheetID string, after int64) ([]umpire.StoredOp, error)
	// FinishSheet records the end of the sheet's match; a zero time
	// clears it (an entry taken back reopens the match).
	FinishSheet(ctx context.Context, sheetID string, at time.Time, result []byte) error
	// ConfirmSheet records a player's account confirming the result of a
	// rated sheet as it stood at c.Seq, replacing the account's earlier one.
	ConfirmSheet(ctx context.Context, sheetID string, c umpire.Confirm) error
	SheetConfirms(ctx context.Context, sheetID string) ([]umpire.Confirm, error)
}

// Accounts finds the accounts a rated sheet names.
type Accounts interface {
	AccountByName(ctx context.Context, name string) (account.Account, error)
}

// Rater rates a finished match between accounts (the server's, which
// rates online matches the same way).
type Rater interface {
	RateMatch(ctx context.Context, m rating.Match) ([]rating.Change, error)
}

// Identity is who a request comes from, as the server's middleware found
// it.
type Identity interface {
	// Token is the browser's identity token, "" if it has none.
	Token(r *http.Request) string
	// Account is the account the request's session is signed in as, or
	// the error to answer (not signed in).
	Account(r *http.Request) (account.Account, error)
}

// Watcher is told when a sheet's match is over, every board signed (a
// tournament enters the result of its round's match).
type Watcher interface {
	SheetOver(ctx context.Context, id string, v umpire.View)
}

// Clock is the server's time.
type Clock interface{ Now() time.Time }

// Env is what the sheets' HTTP needs of the server.
type Env struct {
	Store    Store    // nil: the server keeps no sheets, and says so (404)
	Accounts Accounts // nil: no accounts, so no rated sheets
	Rater    Rater
	Identity Identity
	Clock    Clock
	Log      *slog.Logger
	// Registry receives the sheets' metric.
	Registry prometheus.Registerer
	Watcher  Watcher // nil: none
}

// Sheets serves the umpires' scoresheets: /api/umpire and below.
type Sheets struct {
	env   Env
	cache *cache // nil without a store
}

// New makes the sheets' handlers.
func New(env Env) *Sheets {
	h := &Sheets{env: env}
	if env.Store != nil {
		h.cache = newCache(env.Store, env.Registry)
	}
	return h
}

// maxOpenSheets bounds the sheets one identity has open (not finished),
// so that no browser can fill the store with empty sheets.
const maxOpenSheets = 32

// maxSheetOps bounds a sheet's log. A match has at most 27 boards (best
// of three games of 8 boards and a tie-break board each, RULES G-1, G-2)
// and a board on a real board some tens of strokes: 3,000 operations are
// 27 boards of 111 entries, corrections and signatures included.
const maxSheetOps = 3000

// kinds are the errors of the sheet and of the store, with their status.
var kinds = []httpapi.Kind{
	{Err: carrom.ErrNotFound, Status: http.StatusNotFound},
	{Err: umpire.ErrConfig, Status: http.StatusBadRequest},
	{Err: umpire.ErrOp, Status: http.StatusBadRequest},
	{Err: umpire.ErrSequence, Status: http.StatusConflict},
	{Err: umpire.ErrRefused, Status: http.StatusUnprocessableEntity},
}

// fail answers an error as JSON in plain words, with its status.
func fail(w http.ResponseWriter, err error) { httpapi.WriteError(w, httpapi.Known(err, kinds...)) }

var errTooMany = httpapi.New(http.StatusTooManyRequests, "too many")

// Keeps says whether the server keeps sheets.
func (h *Sheets) Keeps() bool { return h.env.Store != nil }

// Kept serves next if the server keeps sheets; else 404.
func (h *Sheets) Kept(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.Keeps() {
			fail(w, fmt.Errorf("umpire: no scoresheets on this server: %w", carrom.ErrNotFound))
			return
		}
		next(w, r)
	}
}

func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
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
	Error  string         `json:"error"`
	Code   string         `json:"code,omitempty"`
	Params map[string]any `json:"params,omitempty"`
	Next   int64          `json:"next"`
}

// Create opens a scoresheet for the browser that asks: only it may
// write the sheet; anyone may read it.
func (h *Sheets) Create(w http.ResponseWriter, r *http.Request) {
	var cfg umpire.Config
	if err := httpapi.ReadJSON(w, r, &cfg); err != nil {
		fail(w, err)
		return
	}
	sh, err := umpire.New(cfg)
	if err == nil {
		err = cfg.Printable()
	}
	if err != nil {
		fail(w, err)
		return
	}
	if len(cfg.Accounts) > 0 && !slices.Contains(rating.Rules, cfg.Rules) {
		fail(w, httpapi.RefuseCoded(umpire.ErrConfig, "rules_unrated", map[string]any{"Rated": strings.Join(rating.Rules, ", ")}, "Matches under these rules are not rated (rated: %s): leave the accounts out.", strings.Join(rating.Rules, ", ")))
		return
	}
	accounts, err := h.sheetAccounts(r.Context(), cfg)
	if err != nil {
		fail(w, err)
		return
	}
	// The sheet keeps the accounts' names as the accounts spell them, which
	// the players' confirmations and profiles go by.
	for i, a := range accounts {
		cfg.Accounts[i] = a.Name
	}
	sh.Config = cfg
	mine, err := h.env.Store.SheetsOf(r.Context(), h.env.Identity.Token(r))
	if err != nil {
		fail(w, err)
		return
	}
	open := 0
	for _, m := range mine {
		if m.Finished.IsZero() {
			open++
		}
	}
	if open >= maxOpenSheets {
		fail(w, httpapi.RefuseCoded(errTooMany, "sheets_max", map[string]any{"Count": open}, "%d scoresheets open on this browser, the most it may have: finish one before opening another.", open))
		return
	}
	conf, err := json.Marshal(cfg)
	if err != nil {
		fail(w, err)
		return
	}
	id, now := newID(8), h.env.Clock.Now()
	if err := h.env.Store.CreateSheet(r.Context(), umpire.Record{ID: id, Token: h.env.Identity.Token(r), Config: conf, Created: now}); err != nil {
		fail(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, sheetReply{ID: id, Created: now, View: sh.View(), Yours: true})
}

// Open stores a new sheet of cfg, checked already, written by the
// browser of token, and returns its ID. The limit of sheets open per
// browser is not taken: a tournament's round, which opens its sheets so,
// is bounded by its players.
func (h *Sheets) Open(ctx context.Context, token string, cfg umpire.Config) (string, error) {
	conf, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	id := newID(8)
	if err := h.env.Store.CreateSheet(ctx, umpire.Record{ID: id, Token: token, Config: conf, Created: h.env.Clock.Now()}); err != nil {
		return "", err
	}
	return id, nil
}

// sheet reads a sheet's record.
func (h *Sheets) sheet(ctx context.Context, id string) (umpire.Record, error) {
	rec, err := h.env.Store.Sheet(ctx, id)
	if errors.Is(err, carrom.ErrNotFound) {
		return rec, httpapi.RefuseCoded(carrom.ErrNotFound, "no_sheet", nil, "No scoresheet has this address: check the link, or open a new sheet.")
	}
	return rec, err
}

// Load reads a sheet: its record and its state as stored.
func (h *Sheets) Load(ctx context.Context, id string) (umpire.Record, umpire.Sheet, error) {
	rec, err := h.sheet(ctx, id)
	if err != nil {
		return rec, umpire.Sheet{}, err
	}
	st, err := h.lockSheet(ctx, rec)
	if err != nil {
		return rec, umpire.Sheet{}, err
	}
	defer h.cache.release(st)
	return rec, st.sh, nil
}

// lockSheet locks the state of sheet rec on this server, caught up with
// the store; the caller releases it.
func (h *Sheets) lockSheet(ctx context.Context, rec umpire.Record) (*sheetState, error) {
	st := h.cache.acquire(rec.ID)
	if err := h.cache.catchUp(ctx, st, rec); err != nil {
		h.cache.release(st)
		return nil, err
	}
	return st, nil
}

// Get answers a sheet: its view as JSON, with the suffix .jsonl its
// entries as referee input lines, what carrom referee reads, or with the
// suffix .txt the match record (umpire.Sheet.Text, docs/umpire.md).
func (h *Sheets) Get(w http.ResponseWriter, r *http.Request) {
	id, lines := strings.CutSuffix(r.PathValue("id"), ".jsonl")
	id, text := strings.CutSuffix(id, ".txt")
	rec, sh, err := h.Load(r.Context(), id)
	if err != nil {
		fail(w, err)
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
	rt, err := h.rating(r.Context(), id, sh, v)
	if err != nil {
		fail(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: h.env.Identity.Token(r) != "" && rec.Token == h.env.Identity.Token(r), Rating: rt})
}

// sheetInfo is a sheet in a list.
type sheetInfo struct {
	ID       string          `json:"id"`
	Config   json.RawMessage `json:"config"`
	Created  time.Time       `json:"created"`
	Finished *time.Time      `json:"finished,omitempty"`
	Result   json.RawMessage `json:"result,omitempty"`
}

// List lists the sheets this browser opened, newest first.
func (h *Sheets) List(w http.ResponseWriter, r *http.Request) {
	out := []sheetInfo{}
	if h.env.Identity.Token(r) == "" {
		httpapi.WriteJSON(w, http.StatusOK, out)
		return
	}
	recs, err := h.env.Store.SheetsOf(r.Context(), h.env.Identity.Token(r))
	if err != nil {
		fail(w, err)
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

// Entry applies one numbered operation to a sheet. The numbers make
// a device's queue of entries made offline safe to send again: an
// operation already stored is answered as it was (duplicate), never
// applied twice; a different operation under a stored number, and a
// number past the next one (a gap), are refused with 409 and the number
// expected; an entry the laws refuse is 422 and stores nothing.
func (h *Sheets) Entry(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	data, err := httpapi.ReadBody(w, r)
	if err != nil {
		fail(w, err)
		return
	}
	op, canon, err := umpire.DecodeOp(data)
	if err != nil {
		fail(w, err)
		return
	}
	// The writer first, from the sheet's record alone: another browser's
	// request costs no state and waits on no lock.
	rec, err := h.sheet(ctx, id)
	if err != nil {
		fail(w, err)
		return
	}
	if rec.Token != h.env.Identity.Token(r) {
		fail(w, httpapi.NewCoded(http.StatusForbidden, "not_sheet_owner", "Only the browser that opened this scoresheet can write in it; here it can be read and printed."))
		return
	}
	st, err := h.lockSheet(ctx, rec)
	if err != nil {
		fail(w, err)
		return
	}
	defer h.cache.release(st)
	h.apply(ctx, w, rec, st, op, canon)
}

// apply applies a decoded operation to a sheet's state, locked, and
// stores it; canon is the operation as stored.
func (h *Sheets) apply(ctx context.Context, w http.ResponseWriter, rec umpire.Record, st *sheetState, op umpire.Op, canon []byte) {
	id, sh := rec.ID, st.sh
	refuse := func(err error) {
		code, params := httpapi.Code(err)
		httpapi.WriteJSON(w, httpapi.Status(httpapi.Known(err, kinds...)), sheetError{Error: httpapi.Text(err), Code: code, Params: params, Next: sh.Seq + 1})
	}
	switch {
	case op.Seq <= sh.Seq:
		if !bytes.Equal(st.ops[op.Seq-1], canon) {
			refuse(httpapi.RefuseCoded(umpire.ErrSequence, "entry_taken", nil, "The sheet holds another entry in this one's place (the sheet has other contents than this page): reload the page and enter it again."))
			return
		}
		h.sheetDuplicate(ctx, w, rec, sh)
		return
	case op.Seq > sh.Seq+1:
		refuse(httpapi.RefuseCoded(umpire.ErrSequence, "entries_missing", map[string]any{"From": sh.Seq + 1, "To": op.Seq - 1},
			"The sheet lacks the entries made before this one (entries %d to %d missing): reload the page and enter them again.", sh.Seq+1, op.Seq-1))
		return
	case len(st.ops) >= maxSheetOps:
		refuse(httpapi.RefuseCoded(httpapi.New(http.StatusRequestEntityTooLarge, "sheet full"), "sheet_full", map[string]any{"Count": maxSheetOps},
			"This sheet holds %d entries, the most a sheet keeps: open a new sheet for the rest of the match.", maxSheetOps))
		return
	}
	if len(sh.Config.Accounts) > 0 {
		rt, err := h.rating(ctx, id, sh, sh.View())
		if err != nil {
			fail(w, err)
			return
		}
		if rt.Rated {
			refuse(httpapi.RefuseCoded(umpire.ErrRefused, "sheet_rated", nil, "The match has been rated: its sheet no longer changes."))
			return
		}
	}
	next, err := sh.Apply(op)
	if err != nil {
		refuse(err)
		return
	}
	now := h.env.Clock.Now()
	if err := h.env.Store.AppendSheetOp(ctx, id, umpire.StoredOp{Seq: op.Seq, Op: canon, At: now}); err != nil {
		// Another server sharing the database stored this number first:
		// the same operation (sent twice) is a duplicate, another a conflict.
		if errors.Is(err, carrom.ErrDuplicate) {
			if err := h.cache.catchUp(ctx, st, rec); err == nil && int64(len(st.ops)) >= op.Seq && bytes.Equal(st.ops[op.Seq-1], canon) {
				h.sheetDuplicate(ctx, w, rec, st.sh)
				return
			}
			refuse(httpapi.RefuseCoded(umpire.ErrSequence, "entry_taken", nil, "Another entry was stored in this one's place meanwhile: reload the page and enter it again."))
			return
		}
		fail(w, err)
		return
	}
	st.sh, st.ops = next, append(st.ops, canon)
	v := next.View()
	if err := h.finishSheet(ctx, rec, v, now); err != nil {
		fail(w, err)
		return
	}
	rt, err := h.rating(ctx, id, next, v)
	if err != nil {
		fail(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: true, Rating: rt})
}

// sheetDuplicate answers an operation sent again with the sheet as stored.
func (h *Sheets) sheetDuplicate(ctx context.Context, w http.ResponseWriter, rec umpire.Record, sh umpire.Sheet) {
	v := sh.View()
	rt, err := h.rating(ctx, rec.ID, sh, v)
	if err != nil {
		fail(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: rec.ID, Created: rec.Created, View: v, Yours: true, Duplicate: true, Rating: rt})
}

// finishSheet records the end of a sheet's match, or clears the record
// when an entry taken back has reopened it.
func (h *Sheets) finishSheet(ctx context.Context, rec umpire.Record, v umpire.View, now time.Time) error {
	switch {
	case v.Over && rec.Finished.IsZero():
		res, err := json.Marshal(map[string]any{"winner": v.Winner, "boards": len(v.Boards)})
		if err != nil {
			return err
		}
		if err := h.env.Store.FinishSheet(ctx, rec.ID, now, res); err != nil {
			return err
		}
		if h.env.Watcher != nil {
			h.env.Watcher.SheetOver(ctx, rec.ID, v)
		}
		return nil
	case !v.Over && !rec.Finished.IsZero():
		return h.env.Store.FinishSheet(ctx, rec.ID, time.Time{}, nil)
	}
	return nil
}

// sheetAccounts resolves a rated sheet's account names, by seat, to their
// accounts; a sheet without accounts has none.
func (h *Sheets) sheetAccounts(ctx context.Context, cfg umpire.Config) ([]account.Account, error) {
	if len(cfg.Accounts) == 0 {
		return nil, nil
	}
	if h.env.Accounts == nil {
		return nil, httpapi.RefuseCoded(umpire.ErrConfig, "no_accounts", nil, "This server keeps no accounts, so it rates no matches: leave the accounts out.")
	}
	out := make([]account.Account, len(cfg.Accounts))
	for i, name := range cfg.Accounts {
		a, err := h.env.Accounts.AccountByName(ctx, name)
		if errors.Is(err, carrom.ErrNotFound) {
			return nil, httpapi.RefuseCoded(umpire.ErrConfig, "no_account", map[string]any{"Name": name}, "No account is named %q: check the name, or leave the accounts out.", name)
		}
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// rating says where a rated sheet stands (nil for an unrated one).
func (h *Sheets) rating(ctx context.Context, id string, sh umpire.Sheet, v umpire.View) (*sheetRating, error) {
	if len(sh.Config.Accounts) == 0 {
		return nil, nil
	}
	accounts, err := h.sheetAccounts(ctx, sh.Config)
	if err != nil {
		return nil, err
	}
	confirms, err := h.env.Store.SheetConfirms(ctx, id)
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

// Confirm records that the signed-in player confirms the result of a
// rated match his account plays in; once every player has, the match is
// rated (Glicko-2, as an online match), and its sheet no longer changes.
// The players confirm with their own sessions, so that no umpire can rate
// accounts that did not play.
func (h *Sheets) Confirm(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	me, err := h.env.Identity.Account(r)
	if err != nil {
		fail(w, err)
		return
	}
	rec, err := h.sheet(ctx, id)
	if err != nil {
		fail(w, err)
		return
	}
	st, err := h.lockSheet(ctx, rec)
	if err != nil {
		fail(w, err)
		return
	}
	defer h.cache.release(st)
	sh := st.sh
	accounts, err := h.sheetAccounts(ctx, sh.Config)
	if err != nil {
		fail(w, err)
		return
	}
	if !slices.ContainsFunc(accounts, func(a account.Account) bool { return a.ID == me.ID }) {
		httpapi.WriteJSON(w, http.StatusForbidden, sheetError{Error: fmt.Sprintf("%s plays no seat of this rated match, so cannot confirm its result.", me.Name), Next: sh.Seq + 1})
		return
	}
	v := sh.View()
	if !v.Over || v.Winner == nil {
		httpapi.WriteJSON(w, http.StatusUnprocessableEntity, sheetError{Error: "The match is not over yet, or its last board not signed: confirm its result once it is.", Next: sh.Seq + 1})
		return
	}
	now := h.env.Clock.Now()
	if err := h.env.Store.ConfirmSheet(ctx, id, umpire.Confirm{AccountID: me.ID, Seq: sh.Seq, At: now}); err != nil {
		fail(w, err)
		return
	}
	rt, err := h.rating(ctx, id, sh, v)
	if err != nil {
		fail(w, err)
		return
	}
	if rt.Rated {
		m := rating.Match{TableID: "sheet:" + id, Rules: sh.Config.Rules, Winner: *v.Winner, At: now}
		for seat, a := range accounts {
			m.Sides[seat%2] = append(m.Sides[seat%2], a.ID)
		}
		changes, err := h.env.Rater.RateMatch(ctx, m)
		if err != nil {
			fail(w, err)
			return
		}
		if len(changes) > 0 {
			h.env.Log.Info("real-board match rated", "sheet", id, "changes", len(changes))
		}
	}
	httpapi.WriteJSON(w, http.StatusOK, sheetReply{ID: id, Created: rec.Created, View: v, Yours: rec.Token == h.env.Identity.Token(r), Rating: rt})
}
