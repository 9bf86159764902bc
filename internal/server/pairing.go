package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/pairing"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/rating"
)

// Quick pairing (docs/pairing.md) is its own package; pairingEnv is what
// it is given of the server, and poolCluster of the cluster.
type pairingEnv struct{ s *Server }

func (e pairingEnv) Now() time.Time { return e.s.clock.Now() }

func (e pairingEnv) AfterFunc(d time.Duration, f func()) func() bool {
	return e.s.clock.AfterFunc(d, f)
}

// Who is the browser asking and, signed in, its account, whose name it
// plays under; a player without an account plays under his nickname.
func (e pairingEnv) Who(r *http.Request) (pairing.Seeker, error) {
	tok := token(r)
	who := pairing.Seeker{Key: identityKey(tok), Token: tok, Live: identityKey(tok)}
	if v, err := account.Of(r); err == nil {
		who.Key, who.Account, who.Name = accountKey(v.Account.ID), v.Account.ID, v.Account.Name
	} else if ck, err := r.Cookie(nicknameCookie); err == nil {
		if name, err := cleanNickname(ck.Value); err == nil {
			who.Name = name
		}
	}
	return who, nil
}

func (e pairingEnv) Rating(ctx context.Context, account, rules string) (int, error) {
	if e.s.accounts == nil {
		return pairing.NewRating, nil
	}
	p, _, err := e.s.ratings.Current(ctx, account, rating.Pool{Rules: rules, Format: "singles"})
	if err != nil {
		return 0, err
	}
	return int(math.Round(p.R)), nil
}

func (e pairingEnv) Playban(ctx context.Context, account string) error {
	return e.s.mayPlayRated(ctx, account)
}

// Start makes the pair's table, each player seated by his browser's
// identity at a seat drawn at random, as an accepted challenge's are.
func (e pairingEnv) Start(ctx context.Context, p protocol.PoolSpec, a, b pairing.Seeker) (string, int, int, error) {
	cfg := protocol.TableConfig{Rules: p.Rules, Players: 2, Clock: p.Clock, Rated: p.Rated, Seats: []protocol.SeatConfig{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatHuman}}}
	seatA := rand.IntN(2)
	seatB := 1 - seatA
	name := func(x pairing.Seeker, seat int) string {
		if x.Name == "" {
			return fmt.Sprintf("Player %d", seat+1)
		}
		return x.Name
	}
	claims := []carrom.SeatRecord{{Seat: seatA, Token: a.Token, Nickname: name(a, seatA)}, {Seat: seatB, Token: b.Token, Nickname: name(b, seatB)}}
	id, err := e.s.createAs(ctx, newID(6), a.Token, cfg, claims)
	return id, seatA, seatB, err
}

func (e pairingEnv) Push(key string, msg any) { e.s.live.pushData(key, protocol.Encode(msg)) }

func (e pairingEnv) PushAll(msg any) { e.s.live.pushData(lobbyKey, protocol.Encode(msg)) }

// poolCluster gives quick pairing the cluster's bus, and the pools'
// leases of a store that keeps them.
type poolCluster struct {
	c      *Cluster
	leases interface {
		HoldPool(ctx context.Context, node, pool string, ttl time.Duration) (bool, error)
		ReleasePools(ctx context.Context, node string, pools ...string) error
	}
}

func (pc poolCluster) Node() string { return pc.c.Node }

func (pc poolCluster) Hold(ctx context.Context, pool string, ttl time.Duration) (bool, error) {
	return pc.leases.HoldPool(ctx, pc.c.Node, pool, ttl)
}

func (pc poolCluster) Release(ctx context.Context, pools ...string) error {
	return pc.leases.ReleasePools(ctx, pc.c.Node, pools...)
}

func (pc poolCluster) Publish(subject string, data []byte) error {
	return pc.c.Bus.Publish(subject, carrom.BusMsg{Data: data})
}

func (pc poolCluster) Subscribe(subject string, handle func([]byte, func([]byte) error)) (func() error, error) {
	return pc.c.Bus.Subscribe(subject, func(m carrom.BusMsg) { handle(m.Data, m.Respond) })
}

func (pc poolCluster) Request(ctx context.Context, subject string, data []byte) ([]byte, error) {
	return pc.c.Bus.Request(ctx, subject, data)
}

// newPairing starts quick pairing; in a cluster c its pools' leases are
// the store's (the Leases, if they keep them), held for ttl.
func newPairing(env pairingEnv, c *Cluster, ttl time.Duration, log *slog.Logger) (*pairing.Service, error) {
	var pc pairing.Cluster
	if c != nil {
		l, ok := c.Leases.(interface {
			HoldPool(ctx context.Context, node, pool string, ttl time.Duration) (bool, error)
			ReleasePools(ctx context.Context, node string, pools ...string) error
		})
		if !ok {
			return nil, errors.New("server: a cluster's leases keep the pools' too (store.DB does)")
		}
		pc = poolCluster{c: c, leases: l}
	}
	return pairing.New(env, pc, ttl, log.With("domain", "pairing"))
}
