package server

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/challenge"
	"github.com/carrom-game/carrom/internal/profile"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/internal/umpire/umpirehttp"
	"github.com/carrom-game/carrom/physics"
)

// The domains' HTTP lives in their own packages, each given only what it
// needs of the server (its Env); this file wires them.

// requests tells the domains who a request comes from, as the server's
// middleware (identified, the account's WithSession) found it.
type requests struct{}

// Token is the request's identity token, "" if it has none.
func (requests) Token(r *http.Request) string {
	tok, _ := r.Context().Value(tokenKey).(string)
	return tok
}

// Account is the account of the request's session, or
// account.ErrNotSignedIn.
func (requests) Account(r *http.Request) (account.Account, error) {
	v, err := account.Of(r)
	return v.Account, err
}

// unidentified serves a GET that makes no identity (as no GET of the API
// does), such as a sheet's: a browser without its token cookie reads as
// anyone, and has no sheets of its own.
func unidentified(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok := ""
		if c, err := r.Cookie(tokenCookie); err == nil && len(c.Value) == 32 {
			tok = c.Value
		}
		h(w, r.WithContext(context.WithValue(r.Context(), tokenKey, tok)))
	}
}

// challengeTables makes the tables of accepted challenges.
type challengeTables struct{ s *Server }

func (t challengeTables) Check(cfg protocol.TableConfig) error {
	if _, err := table.GameConfig(cfg, t.s.physics); err != nil {
		return err
	}
	return t.s.checkRated(cfg)
}

func (t challengeTables) Start(ctx context.Context, id, owner string, cfg protocol.TableConfig, claims []carrom.SeatRecord) error {
	_, err := t.s.createAs(ctx, id, owner, cfg, claims)
	return err
}

// livePusher pushes on the live channels of an account's pages.
type livePusher struct{ s *Server }

// PushChallenge tells an account of a challenge to or from it made or
// answered.
func (p livePusher) PushChallenge(accountID string, v challenge.View) {
	p.s.live.push(accountKey(accountID), liveMsg{Type: "challenge", Challenge: &v})
}

// newProfiles makes the player pages' handler: the accounts' matches,
// the tables' records, and the sheets if any store keeps them.
func newProfiles(accounts Accounts, store Store, p physics.Params, sheets *umpirehttp.Sheets, log *slog.Logger) *profile.Profiles {
	env := profile.Env{Store: profileStore{accounts, store}, Records: records{store, p}, Log: log}
	if sheets.Keeps() {
		env.Sheets = sheets
	}
	return profile.New(env)
}

// profileStore reads the accounts' matches from the accounts' store and
// the tables' actions from the tables'.
type profileStore struct {
	Accounts
	tables Store
}

func (p profileStore) Actions(ctx context.Context, tableID string) ([]carrom.ActionRecord, error) {
	return p.tables.Actions(ctx, tableID)
}

// records reads finished matches from their records, for the profiles.
type records struct {
	store   Store
	physics physics.Params
}

func (records) Info(rec carrom.TableRecord) (protocol.TableInfo, error) { return info(rec) }

func (r records) Replay(ctx context.Context, id string, cfg protocol.TableConfig, visit func(game.Step) error) error {
	gcfg, err := table.GameConfig(cfg, r.physics)
	if err != nil {
		return err
	}
	actions, err := r.store.Actions(ctx, id)
	if err != nil {
		return err
	}
	_, err = table.ReplayStored(id, gcfg, actions, func(st game.Step, _ carrom.ActionRecord) error { return visit(st) })
	return err
}

// ratingStore reads the ratings, and an account by name, from the store
// of accounts.
type ratingStore struct{ Accounts }

func (s ratingStore) Player(ctx context.Context, name string) (id, spelled string, err error) {
	a, err := s.AccountByName(ctx, name)
	return a.ID, a.Name, err
}
