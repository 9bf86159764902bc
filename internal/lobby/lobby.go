package lobby

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// Store lists the stored tables, unfinished or finished; internal/store
// implements it.
type Store interface {
	Tables(ctx context.Context, finished bool) ([]carrom.TableRecord, error)
}

// Env is what the lobby is given of the server.
type Env struct {
	Store Store
	// Info is a stored table's description, as the API shows it; a table
	// it cannot describe is left out of the lists.
	Info func(carrom.TableRecord) (protocol.TableInfo, error)
	// Token is the identity of a request the server has identified.
	Token func(*http.Request) string
	// Policy is the server's Content-Security-Policy, whose style-src the
	// plain page replaces by the hash of its one inline style.
	Policy string
	Log    *slog.Logger
}

// Lobby serves the lists of stored tables.
type Lobby struct {
	env    Env
	policy string // the plain page's
}

// New makes the lobby's handlers.
func New(env Env) *Lobby {
	sum := sha256.Sum256([]byte(style))
	return &Lobby{env: env, policy: strings.Replace(env.Policy, "style-src 'self'", "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'", 1)}
}

// Tables lists the tables in play.
func (l *Lobby) Tables(w http.ResponseWriter, r *http.Request) { l.list(w, r, false) }

// Matches lists the finished matches.
func (l *Lobby) Matches(w http.ResponseWriter, r *http.Request) { l.list(w, r, true) }

func (l *Lobby) list(w http.ResponseWriter, r *http.Request, finished bool) {
	out, err := l.infos(r.Context(), finished)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// infos describes the stored tables, finished or not.
func (l *Lobby) infos(ctx context.Context, finished bool) ([]protocol.TableInfo, error) {
	recs, err := l.env.Store.Tables(ctx, finished)
	if err != nil {
		return nil, err
	}
	out := []protocol.TableInfo{}
	for _, rec := range recs {
		if ti, err := l.env.Info(rec); err == nil {
			out = append(out, ti)
		}
	}
	return out, nil
}

// myTable is one of the browser's unfinished tables: Mine are its seats
// there, Resume the link that takes them again.
type myTable struct {
	protocol.TableInfo
	Mine   []int  `json:"mine"`
	Resume string `json:"resume"`
}

// Mine lists the unfinished tables where this browser holds a seat,
// newest first: the lobby's and the header's "Resume your game". A seat
// is held by a browser (its identity), not by an account: the account's
// games in another browser are that browser's to resume.
func (l *Lobby) Mine(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	recs, err := l.env.Store.Tables(ctx, false)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	tok := l.env.Token(r)
	mine := map[string][]int{}
	for _, rec := range recs {
		for _, st := range rec.Seats {
			if st.Token == tok {
				mine[rec.ID] = append(mine[rec.ID], st.Seat)
			}
		}
	}
	out := []myTable{}
	for _, rec := range recs {
		seats := mine[rec.ID]
		if len(seats) == 0 {
			continue
		}
		ti, err := l.env.Info(rec)
		if err != nil {
			continue
		}
		slices.Sort(seats)
		q := make([]string, len(seats))
		for i, seat := range seats {
			q[i] = fmt.Sprintf("seat=%d", seat)
		}
		out = append(out, myTable{TableInfo: ti, Mine: seats, Resume: "/t/" + rec.ID + "?" + strings.Join(q, "&")})
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}
