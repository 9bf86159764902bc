package pairing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/pool"
	"github.com/carrom-game/carrom/internal/protocol"
)

// The pools and their limits (docs/pairing.md).
const (
	// MaxSeekers bounds the players waiting in one pool.
	MaxSeekers = 10000
	// Wave is how often each pool is paired: often enough that two
	// players are seated within 2 s, seldom enough that a wave finds
	// several to choose from in a busy pool.
	Wave = 500 * time.Millisecond
	// keepPaired is how long a player's pairing is told to GET /api/pool
	// after the wave that made it.
	keepPaired = time.Minute
	// NewRating is the rating of a player without an account, or new to
	// the pool's rules.
	NewRating = 1500
	// idle is how long a cluster's node holds a pool nobody uses.
	idle = time.Minute
)

// Rules and Clocks are the pools' rule sets and clocks: a pool for each
// of them, rated and unrated.
var (
	Rules  = []string{"icf", "family"}
	Clocks = []int{15, 30}
)

// Seeker is a player asking for a game, as the server knows him.
type Seeker struct {
	// Key is the account's ("acct.ID") of a player signed in, else the
	// browser's identity's: one seek per key, a second replacing it.
	Key string `json:"key"`
	// Token is the browser's identity, whose seat the table keeps; Live
	// is the key of its live channel.
	Token   string `json:"token"`
	Live    string `json:"live"`
	Account string `json:"account,omitempty"`
	Name    string `json:"name,omitempty"`
	Rating  int    `json:"rating"`
	// Playban, for a taker of a seek, says why he may not play rated now
	// (Env.Playban), if so: a rated seek refuses him.
	Playban string `json:"playban,omitempty"`
}

// Env is what pairing needs of the server.
type Env interface {
	// Now and AfterFunc are the server's clock.
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
	// Who is the player asking (Rating left out): refused, with a plain
	// error, if the request carries no identity.
	Who(r *http.Request) (Seeker, error)
	// Rating is an account's rating in singles of rules, rounded.
	Rating(ctx context.Context, account, rules string) (int, error)
	// Playban refuses rated games to an account waiting out a playban
	// (an error of kind ErrPlayban, in words with the time left); nil if
	// it may play them.
	Playban(ctx context.Context, account string) error
	// Start makes a two-seat table of the pool's rules with a and b
	// seated, and says which seat each has.
	Start(ctx context.Context, p protocol.PoolSpec, a, b Seeker) (table string, seatA, seatB int, err error)
	// Push sends msg (encoded as JSON) to the live channels of key;
	// PushAll to every live channel.
	Push(key string, msg any)
	PushAll(msg any)
}

// Cluster is what pairing needs of a cluster: the pools' leases in the
// store and the bus.
type Cluster interface {
	Node() string
	// Hold takes or extends the node's lease of a pool for ttl; it says
	// whether the node holds it.
	Hold(ctx context.Context, pool string, ttl time.Duration) (bool, error)
	// Release lets the node's leases of the pools named go, all of them
	// if none is named.
	Release(ctx context.Context, pools ...string) error
	Publish(subject string, data []byte) error
	// Subscribe calls handle with each message on subject, and respond
	// to answer a request (nil for a plain message).
	Subscribe(subject string, handle func(data []byte, respond func([]byte) error)) (unsubscribe func() error, err error)
	// Request asks the subscriber of subject: carrom.ErrNoOwner if none.
	Request(ctx context.Context, subject string, data []byte) ([]byte, error)
}

// Errors of quick pairing.
var (
	ErrFull     = httpapi.New(http.StatusServiceUnavailable, "the pool is full")
	ErrNotRated = httpapi.NewCoded(http.StatusUnauthorized, "rated_sign_in", "not signed in")
	errMoving   = httpapi.New(http.StatusServiceUnavailable, "the pool is moving to another server: try again in a second")
)

// ErrPlayban refuses rated games to a player who has left too many before
// their first stroke lately (docs/accounts.md), for a while: its refusal
// names the aborts (Count) and the wait in seconds (Seconds).
var ErrPlayban = httpapi.NewCoded(http.StatusTooManyRequests, "playban", "no rated games for now")

// Service is quick pairing: the pools held at this node (all of them on
// a single node) and the pairings of the last minute.
type Service struct {
	env Env
	cl  Cluster
	log *slog.Logger
	ttl time.Duration

	mu       sync.Mutex
	held     map[string]*held
	paired   map[string]result // by seeker key
	stop     func() bool
	closed   bool
	unsub    func() error // the cancels' subscription
	lastWave time.Time
	// seeksChanged says the seeks held here have changed since the lobbies
	// were last told, at seeksTold.
	seeksChanged bool
	seeksTold    time.Time
	// holdMu makes the takings of a pool one at a time: the rounds' and
	// those of requests finding nobody listening.
	holdMu sync.Mutex
	// tickMu is held by a round while it runs, so that Close returns only
	// once none is making a table.
	tickMu sync.Mutex
}

// held is a pool whose waves run here, or the seeks (seeksName).
type held struct {
	name    string
	spec    protocol.PoolSpec
	seekers map[string]entry // by key
	seeks   map[string]*seek // the seeks', by ID
	unsub   func() error     // its requests' subscription (cluster)
	used    time.Time        // its last request
}

type entry struct {
	s     Seeker
	since time.Time
}

type result struct {
	st protocol.PoolStatus
	at time.Time
}

// Name is a pool's name: its lease's and, in a cluster, its subject's.
func Name(p protocol.PoolSpec) string {
	r := "unrated"
	if p.Rated {
		r = "rated"
	}
	return fmt.Sprintf("%s.%d.%s", p.Rules, p.Clock, r)
}

// seeksName is the name of the seeks' lease and subject: they are held at
// one node, as a pool is.
const seeksName = "seeks"

// newHeld is a pool, or the seeks, held here from now.
func newHeld(name string, now time.Time) *held {
	h := &held{name: name, seekers: map[string]entry{}, used: now}
	if name == seeksName {
		h.seeks = map[string]*seek{}
	}
	for _, p := range Pools() {
		if Name(p) == name {
			h.spec = p
		}
	}
	return h
}

// Pools are every pool.
func Pools() []protocol.PoolSpec {
	var out []protocol.PoolSpec
	for _, r := range Rules {
		for _, c := range Clocks {
			out = append(out, protocol.PoolSpec{Rules: r, Clock: c, Rated: true}, protocol.PoolSpec{Rules: r, Clock: c})
		}
	}
	return out
}

// Check refuses a pool that is not one of Pools, in words a player can
// act on.
func Check(p protocol.PoolSpec) error {
	switch {
	case !slices.Contains(Rules, p.Rules):
		return httpapi.Refuse(httpapi.ErrBadRequest, "quick pairing has pools for the rules icf and family, not %q", p.Rules)
	case !slices.Contains(Clocks, p.Clock):
		return httpapi.Refuse(httpapi.ErrBadRequest, "quick pairing has pools with a clock of 15 or 30 seconds a stroke, not %d", p.Clock)
	}
	return nil
}

func subject(name string) string { return "carrom.pool." + name }

// cancelSubject carries a cancel to every node: a seeker leaving, or
// joining another pool.
const cancelSubject = "carrom.pools.cancel"

// cancel removes the seeks of Key (or, Live, of a browser whose live
// channel has closed) from every pool but Except.
type cancel struct {
	Key    string `json:"key,omitempty"`
	Live   string `json:"live,omitempty"`
	Except string `json:"except,omitempty"`
}

// New starts quick pairing: its waves every Wave on env's clock, and in a
// cluster (cl not nil) the leases of the pools this node holds, lasting
// ttl and renewed every third of it. A node takes a pool when a player
// asks it and nobody holds it, and lets it go once nobody has used it
// for a minute. A nil log is slog.Default().
func New(env Env, cl Cluster, ttl time.Duration, log *slog.Logger) (*Service, error) {
	if log == nil {
		log = slog.Default()
	}
	s := &Service{env: env, cl: cl, log: log, ttl: ttl, held: map[string]*held{}, paired: map[string]result{}}
	if cl == nil {
		for _, p := range Pools() {
			s.held[Name(p)] = newHeld(Name(p), env.Now())
		}
		s.held[seeksName] = newHeld(seeksName, env.Now())
	} else {
		unsub, err := cl.Subscribe(cancelSubject, func(data []byte, _ func([]byte) error) {
			var c cancel
			if json.Unmarshal(data, &c) == nil {
				s.cancelHere(c)
			}
		})
		if err != nil {
			return nil, fmt.Errorf("pairing: listening to the cancels: %w", err)
		}
		s.unsub = unsub
	}
	// tick sets the next stop under the lock, maybe before this returns.
	s.mu.Lock()
	s.stop = env.AfterFunc(0, s.tick)
	s.mu.Unlock()
	return s, nil
}

// Close stops the waves; in a cluster the node lets its pools go, so that
// another takes them at once (their seekers ask again: docs/pairing.md).
func (s *Service) Close() {
	s.mu.Lock()
	s.closed = true
	s.stop()
	var unsubs []func() error
	for _, h := range s.held {
		if h.unsub != nil {
			unsubs = append(unsubs, h.unsub)
		}
	}
	if s.unsub != nil {
		unsubs = append(unsubs, s.unsub)
	}
	s.held = map[string]*held{}
	s.mu.Unlock()
	s.tickMu.Lock()
	//lint:ignore SA2001 waits for the round running, if any
	s.tickMu.Unlock()
	for _, u := range unsubs {
		if err := u(); err != nil {
			s.log.Warn("unsubscribing a pool", "err", err)
		}
	}
	if s.cl != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := s.cl.Release(ctx); err != nil {
			s.log.Warn("letting the pools go", "err", err)
		}
	}
}

// tick is one round: in a cluster the leases of the pools held here,
// then, once a Wave has passed, a wave of each of them. It arms the next
// round when it ends.
func (s *Service) tick() {
	s.tickMu.Lock()
	defer s.tickMu.Unlock()
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return
	}
	every := Wave
	if s.cl != nil {
		every = min(Wave, s.ttl/3)
		s.renew()
	}
	now := s.env.Now()
	if now.Sub(s.lastWave) >= Wave-every/2 {
		s.lastWave = now
		for _, p := range Pools() {
			s.wave(Name(p))
		}
	}
	s.tellLobbies(now)
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, r := range s.paired {
		if now.Sub(r.at) > keepPaired {
			delete(s.paired, k)
		}
	}
	if !s.closed {
		s.stop = s.env.AfterFunc(every, s.tick)
	}
}

// renew extends the leases of the pools held here, and lets go those
// nobody has used for a minute.
func (s *Service) renew() {
	ctx, cancel := context.WithTimeout(context.Background(), s.ttl)
	defer cancel()
	now := s.env.Now()
	s.mu.Lock()
	var keep, drop []string
	for name, h := range s.held {
		if len(h.seekers) == 0 && len(h.seeks) == 0 && now.Sub(h.used) > idle {
			drop = append(drop, name)
		} else {
			keep = append(keep, name)
		}
	}
	s.mu.Unlock()
	for _, name := range keep {
		s.hold(ctx, name)
	}
	for _, name := range drop {
		s.holdMu.Lock()
		s.let(name)
		s.holdMu.Unlock()
		if err := s.cl.Release(ctx, name); err != nil {
			s.log.Warn("letting an idle pool go", "pool", name, "err", err)
		}
	}
}

// let stops listening to a pool held here and forgets its seekers.
func (s *Service) let(name string) {
	s.mu.Lock()
	h := s.held[name]
	delete(s.held, name)
	s.mu.Unlock()
	if h == nil {
		return
	}
	if err := h.unsub(); err != nil {
		s.log.Warn("unsubscribing a pool", "pool", name, "err", err)
	}
	if len(h.seekers) > 0 || len(h.seeks) > 0 {
		s.log.Warn("pool lost", "pool", name, "seekers", len(h.seekers), "seeks", len(h.seeks))
	}
}

// hold takes or keeps the lease of p, and starts or stops listening to
// its requests as the lease is won or lost. A pool lost loses its seekers
// here; their pages ask again.
func (s *Service) hold(ctx context.Context, name string) bool {
	s.holdMu.Lock()
	defer s.holdMu.Unlock()
	ok, err := s.cl.Hold(ctx, name, s.ttl)
	if err != nil {
		s.log.Warn("holding a pool's lease", "pool", name, "err", err)
	}
	s.mu.Lock()
	h := s.held[name]
	closed := s.closed
	s.mu.Unlock()
	switch {
	case ok && h == nil && !closed:
		h = newHeld(name, s.env.Now())
		unsub, err := s.cl.Subscribe(subject(name), func(data []byte, respond func([]byte) error) {
			if respond != nil {
				respond(s.serve(data))
			}
		})
		if err != nil {
			s.log.Warn("listening to a pool's requests", "pool", name, "err", err)
			return false
		}
		h.unsub = unsub
		s.mu.Lock()
		s.held[name] = h
		s.mu.Unlock()
		s.log.Info("pool held", "pool", name)
	case !ok && h != nil:
		s.let(name)
	}
	return ok
}

// request is a seeker's request to the holder of a pool (Target, its
// name) or of the seeks (seeksName).
type request struct {
	Target string             `json:"target"`
	Op     string             `json:"op"` // a pool's join, status; the seeks' seek, list, accept
	Pool   protocol.PoolSpec  `json:"pool"`
	Seeker Seeker             `json:"seeker"`
	Seek   *protocol.SeekSpec `json:"seek,omitempty"`
	ID     string             `json:"id,omitempty"` // the seek accepted
	// Ratings are the taker's ratings by rules, for the seek's.
	Ratings map[string]int `json:"ratings,omitempty"`
}

// poolRequest is a request to the pool p.
func poolRequest(op string, p protocol.PoolSpec, who Seeker) request {
	return request{Target: Name(p), Op: op, Pool: p, Seeker: who}
}

// reply is the holder's answer: the status, the seeks, or a refusal's
// words, status (Code), and stable code and values if it has them, for
// the asking node to answer them as the holder would.
type reply struct {
	Status protocol.PoolStatus `json:"status"`
	Seeks  []protocol.Seek     `json:"seeks,omitempty"`
	Error  string              `json:"error,omitempty"`
	Code   int                 `json:"code,omitempty"`
	Kind   string              `json:"kind,omitempty"`
	Params map[string]any      `json:"params,omitempty"`
}

// serve answers a request from the bus.
func (s *Service) serve(data []byte) []byte {
	var q request
	var out reply
	if err := json.Unmarshal(data, &q); err != nil {
		out.Error, out.Code = "the pairing request could not be read", http.StatusBadRequest
	} else if out, err = s.handle(q); err != nil {
		out.Error, out.Code = httpapi.Text(err), httpapi.Status(err)
		out.Kind, out.Params = httpapi.Code(err)
	}
	data, _ = json.Marshal(out)
	return data
}

// handle does a request at the holder of its target.
func (s *Service) handle(q request) (reply, error) {
	if q.Target == seeksName {
		return s.handleSeeks(q)
	}
	st, err := s.handlePool(q)
	return reply{Status: st}, err
}

// handlePool does a request at the pool's holder.
func (s *Service) handlePool(q request) (protocol.PoolStatus, error) {
	name := q.Target
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.held[name]
	if h == nil || h.seeks != nil {
		return protocol.PoolStatus{}, errMoving
	}
	key := q.Seeker.Key
	st := protocol.PoolStatus{Pool: h.spec}
	h.used = s.env.Now()
	switch q.Op {
	case "join":
		e, ok := h.seekers[key]
		if !ok {
			if len(h.seekers) >= MaxSeekers {
				return st, httpapi.RefuseCoded(ErrFull, "pool_full", map[string]any{"Count": MaxSeekers}, "%d players wait in this pool already, its most: try another pool, or again in a moment", MaxSeekers)
			}
			e.since = s.env.Now()
		}
		// Asking again keeps the wait, with the browser that asked last.
		e.s = q.Seeker
		h.seekers[key] = e
		delete(s.paired, key)
	case "status":
		if r, ok := s.paired[key]; ok && Name(r.st.Pool) == name {
			st = r.st
		}
	default:
		return st, httpapi.Refuse(httpapi.ErrBadRequest, "no pairing request %q", q.Op)
	}
	_, st.Waiting = h.seekers[key]
	st.Count = len(h.seekers)
	return st, nil
}

// ask does a request at the holder of its target: here, or over the bus.
// A pool nobody holds is taken at once.
func (s *Service) ask(ctx context.Context, q request) (reply, error) {
	name := q.Target
	s.mu.Lock()
	here := s.held[name] != nil
	s.mu.Unlock()
	if here || s.cl == nil {
		return s.handle(q)
	}
	data, _ := json.Marshal(q)
	ans, err := s.cl.Request(ctx, subject(name), data)
	// Nobody listens: the pool is free, or another node has just taken
	// it and is about to listen.
	for try := 0; errors.Is(err, carrom.ErrNoOwner) && try < 10; try++ {
		if s.hold(ctx, name) {
			return s.handle(q)
		}
		time.Sleep(50 * time.Millisecond)
		ans, err = s.cl.Request(ctx, subject(name), data)
	}
	if err != nil {
		return reply{}, fmt.Errorf("pairing: asking the holder of pool %s: %w", name, err)
	}
	var out reply
	if err := json.Unmarshal(ans, &out); err != nil {
		return reply{}, fmt.Errorf("pairing: the answer of pool %s's holder: %w", name, err)
	}
	if out.Error != "" {
		return out, httpapi.RefuseCoded(httpapi.New(out.Code, out.Error), out.Kind, out.Params, "%s", out.Error)
	}
	return out, nil
}

// cancelHere removes c's seeks from the pools held here.
func (s *Service) cancelHere(c cancel) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for name, h := range s.held {
		if name == c.Except {
			continue
		}
		for id, sk := range h.seeks {
			if (c.Key != "" && sk.by.Key == c.Key) || (c.Live != "" && sk.by.Live == c.Live) {
				delete(h.seeks, id)
				s.seeksChanged = true
			}
		}
		for k, e := range h.seekers {
			if (c.Key != "" && k == c.Key) || (c.Live != "" && e.s.Live == c.Live) {
				delete(h.seekers, k)
			}
		}
	}
}

// cancelAll removes c's seeks from every pool, at every node.
func (s *Service) cancelAll(c cancel) {
	if s.cl != nil {
		data, _ := json.Marshal(c)
		if err := s.cl.Publish(cancelSubject, data); err == nil {
			return
		} else {
			s.log.Warn("publishing a pool's cancel", "err", err)
		}
	}
	s.cancelHere(c)
}

// Gone removes the seeks of the browser whose live channel (live, its
// key) has closed at this node: its player has left the page.
func (s *Service) Gone(live string) { s.cancelAll(cancel{Live: live}) }

// wave pairs a pool held here and starts the tables of its pairs.
func (s *Service) wave(name string) {
	s.mu.Lock()
	h := s.held[name]
	if h == nil || len(h.seekers) < 2 {
		s.mu.Unlock()
		return
	}
	now := s.env.Now()
	var (
		ss      []pool.Seeker
		entries []entry
	)
	for k, e := range h.seekers {
		ss = append(ss, pool.Seeker{ID: k, Rating: e.s.Rating, Wait: now.Sub(e.since)})
		entries = append(entries, e)
	}
	pairs := pool.Match(ss, pool.Default)
	for _, p := range pairs {
		delete(h.seekers, ss[p.A].ID)
		delete(h.seekers, ss[p.B].ID)
	}
	spec := h.spec
	s.mu.Unlock()
	for _, p := range pairs {
		s.start(h, spec, entries[p.A], entries[p.B])
	}
}

// start makes the table of a pair and sends both players there; if it
// cannot, both wait again as they were.
func (s *Service) start(h *held, spec protocol.PoolSpec, a, b entry) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	table, seatA, seatB, err := s.env.Start(ctx, spec, a.s, b.s)
	if err != nil {
		s.log.Error("starting a paired table", "pool", Name(spec), "err", err)
		s.mu.Lock()
		if s.held[Name(spec)] == h {
			for _, e := range []entry{a, b} {
				if _, ok := h.seekers[e.s.Key]; !ok {
					h.seekers[e.s.Key] = e
				}
			}
		}
		s.mu.Unlock()
		return
	}
	now := s.env.Now()
	for _, x := range []struct {
		me, them entry
		seat     int
	}{{a, b, seatA}, {b, a, seatB}} {
		st := protocol.PoolStatus{Pool: spec, Table: table, Link: fmt.Sprintf("/t/%s?seat=%d", table, x.seat), Opponent: x.them.s.Name}
		s.mu.Lock()
		s.paired[x.me.s.Key] = result{st: st, at: now}
		s.mu.Unlock()
		s.env.Push(x.me.s.Live, protocol.PairedMsg{V: protocol.Version, Type: "paired", Pool: spec, Table: table, Link: st.Link, Opponent: st.Opponent})
	}
	s.log.Info("paired", "pool", Name(spec), "table", table, "gap", abs(a.s.Rating-b.s.Rating), "waits", []time.Duration{now.Sub(a.since), now.Sub(b.since)})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
