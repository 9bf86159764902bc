package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"runtime"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/challenge"
	"github.com/carrom-game/carrom/internal/cluster"
	"github.com/carrom-game/carrom/internal/coach/coachhttp"
	"github.com/carrom-game/carrom/internal/friends"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/lobby"
	"github.com/carrom-game/carrom/internal/pairing"
	"github.com/carrom-game/carrom/internal/profile"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/rating/ratinghttp"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/internal/tournament"
	"github.com/carrom-game/carrom/internal/umpire/umpirehttp"
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
	Coach   Coach        // hints in games against the computer and in practice; nil: none
	Physics physics.Params
	// Grace is how long a player may stay disconnected before he loses
	// the match (RULES TM-3); 2 minutes if zero.
	Grace time.Duration
	// Registry receives the server's metrics; a new one if nil.
	Registry *prometheus.Registry
	// Web serves every GET the API does not (the browser game: its pages
	// and assets); nil serves the plain lobby page at "/".
	Web http.Handler
	// TablesPerIdentity bounds the tables in play that one identity (a
	// browser's cookie) has created since the server started, and
	// ConnsPerIdentity its open WebSocket connections; 16 and 32 if zero.
	TablesPerIdentity int
	ConnsPerIdentity  int
	// ConnsPerAddress bounds the open WebSocket connections from one
	// network address, whatever their identities: 128 if zero, none if
	// negative. A club behind one NAT address shares it; behind a proxy
	// every connection comes from the proxy's address.
	ConnsPerAddress int
	// Sheets keeps the umpires' scoresheets of real boards; nil: the
	// Store, if it keeps them too, else the server has none.
	Sheets umpirehttp.Store
	// Pace is how long a computer waits, once the previous stroke's
	// discs have come to rest (as a watcher of its animation sees them),
	// before its own action is played, so that people at the table and
	// spectators can follow every stroke and read its ruling; zero plays
	// at once (tests, load runs).
	Pace time.Duration
	// Accounts keeps accounts, ratings and challenges; nil: anonymous
	// play only.
	Accounts Accounts
	// Cluster makes the server a node of a cluster; nil: a single node,
	// which serves every table in its store.
	Cluster *Cluster
	// PublicURL is the address browsers reach the server at when a proxy
	// stands in front ("https://carrom.example"): an https one makes the
	// cookies Secure, and its origin passes the cross-site checks of
	// POSTs and WebSockets whatever Host the proxy sends. Empty: none.
	PublicURL string
	// TrustedProxies are the addresses of the proxies in front, whose
	// X-Forwarded-For (the client's address, for the limits per address)
	// and X-Forwarded-Proto (https: Secure cookies) the server believes;
	// from any other peer they are ignored.
	TrustedProxies []netip.Prefix
	// Searches bounds the computer players' searches running at once on
	// the whole server, so that a core is left for play and for the
	// health check; a table of computers only uses half of them at most.
	// One fewer than the cores (GOMAXPROCS), and at least 1, if zero.
	Searches int
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
	pace     time.Duration
	matches  *matches // the stored tables read back (replay.go)
	accounts Accounts
	acct     *account.Service
	// finishes announces the finished matches to what reacts to them
	// (the rating), off the tables' goroutines.
	finishes *finishes
	// The domains' handlers, each with its Env (domains.go).
	sheets     *umpirehttp.Sheets
	hints      *coachhttp.Hints
	challenges *challenge.Challenges
	profiles   *profile.Profiles
	ratings    *ratinghttp.Ratings
	// tournaments are the organisers' events; nil without accounts.
	tournaments *tournament.Domain
	lobby       *lobby.Lobby // the lists of stored tables
	tableEnv    *table.Env   // what the tables reach of the server (tables.go)

	// hintAddr and hintID limit the hints asked per address and identity.
	hintAddr, hintID *httpapi.Limiter
	front            front // what stands in front: proxies, public address (proxy.go)

	ctx    context.Context // ends the tables' goroutines
	cancel context.CancelFunc
	wg     sync.WaitGroup // the tables' goroutines and their searches

	maxTables int
	conns     *connLimits // the WebSocket connections' bounds (ws.go)
	live      *liveHub    // the browsers' live channels here (live.go)
	rematches *rematches  // finished tables made again (rematch.go)
	vacater   *vacater    // a deleted account's seats given up (vacate.go)

	// searching has a slot for each computer player's search running,
	// demoing one for each of those at tables of computers only.
	searching, demoing chan struct{}

	mu     sync.Mutex
	tables map[string]*table.Table // with a goroutine, in play or finished
	inPlay int                     // tables whose match is not over: /healthz and carrom_tables
	owned  map[string]int          // tables in play by their creator's token

	// cluster is Config.Cluster, and node the state of this node of it
	// (internal/cluster, wired in clustering.go); nil on a single node.
	cluster *Cluster
	node    *cluster.Node

	pairing *pairing.Service // quick pairing's pools (pairing.go)
	friends *friends.Service // following players (friends.go); nil without accounts
}

// New makes a server. Call Resume to bring back the stored tables, and
// Close to stop every table.
func New(cfg Config) (*Server, error) {
	pub, err := cfg.check()
	if err != nil {
		return nil, err
	}
	cfg.fill()
	s := &Server{
		store: cfg.Store, clock: cfg.Clock, log: cfg.Log, bots: cfg.Bots, physics: cfg.Physics, grace: cfg.Grace, registry: cfg.Registry, web: cfg.Web, pace: cfg.Pace,
		accounts: cfg.Accounts, hintAddr: httpapi.NewLimiter(hintAddrLimit), hintID: httpapi.NewLimiter(hintIDLimit),
		maxTables: cfg.TablesPerIdentity,
		tables:    map[string]*table.Table{}, owned: map[string]int{},
		cluster: cfg.Cluster, front: front{public: pub, proxies: cfg.TrustedProxies},
		conns:     newConnLimits(cfg.ConnsPerAddress, cfg.ConnsPerIdentity),
		searching: make(chan struct{}, cfg.Searches), demoing: make(chan struct{}, max(1, cfg.Searches/2)),
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.vacater = &vacater{ctx: s.ctx, log: s.log, table: s.table}
	if s.cluster != nil {
		s.vacater.bus = s.cluster.Bus
	}
	s.acct = newAccounts(cfg.Accounts, s.clock, s.log, &s.front, s.vacater.vacate)
	s.metrics = newMetrics(s.registry, func() float64 { return float64(s.tablesInPlay()) })
	s.sheets = umpirehttp.New(umpirehttp.Env{Store: cfg.Sheets, Accounts: s.accounts, Rater: s, Identity: requests{}, Clock: s.clock, Log: s.log, Registry: s.registry, Watcher: sheetWatcher{s}})
	s.hints = coachhttp.New(coachhttp.Env{Coach: cfg.Coach, Tables: coachTables{s}, Limiter: hintLimits{s}, Messages: practiceMessages{s}, Identity: requests{}, Physics: s.physics})
	s.challenges = challenge.New(challenge.Env{Store: s.accounts, Tables: challengeTables{s}, Pusher: livePusher{s}, Identity: requests{}, Clock: s.clock, Log: s.log, Playban: s.mayPlayRated})
	s.profiles = newProfiles(s.accounts, s.store, s.physics, s.sheets, s.log)
	s.matches = &matches{store: s.store, physics: s.physics, replays: newReplays(), log: s.log}
	s.lobby = lobby.New(lobby.Env{Store: s.store, Info: info, Token: token, Policy: contentSecurityPolicy, Log: s.log})
	s.ratings = ratinghttp.New(ratinghttp.Env{Store: ratingStore{s.accounts}})
	s.live = &liveHub{ctx: s.ctx, log: s.log, front: &s.front, conns: s.conns}
	if s.cluster != nil {
		s.live.bus = s.cluster.Bus
	}
	s.finishes = newFinishes()
	s.finishes.subscribe(s.rateFinished)
	s.finishes.subscribe(s.recordAbort)
	s.tableEnv = newTableEnv(s)
	var ttl time.Duration
	if c := cfg.Cluster; c != nil {
		s.node = newNode(s, *c)
		ttl = s.node.TTL()
	}
	if s.pairing, err = newPairing(pairingEnv{s}, s.cluster, ttl, s.log); err != nil {
		return nil, err
	}
	s.friends = newFriends(s.accounts, friendsEnv{clock: s.clock, live: s.live}, s.log)
	s.live.pairing, s.live.friends = s.pairing, s.friends
	s.rematches = &rematches{store: s.store, clock: s.clock, log: s.log, matches: s.matches, live: s.live, create: s.createAs, tell: s.tellRematch}
	s.tournaments = s.newTournaments(cfg.Store)
	return s, nil
}

// check refuses a configuration the server cannot run on, and reads its
// public address.
func (c *Config) check() (*url.URL, error) {
	if c.Store == nil {
		return nil, errors.New("server: no store")
	}
	if err := c.Physics.Validate(); err != nil {
		return nil, err
	}
	pub, err := ParsePublicURL(c.PublicURL)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if cl := c.Cluster; cl != nil && (cl.Node == "" || cl.Bus == nil || cl.Leases == nil) {
		return nil, errors.New("server: a cluster needs a node name, a bus and leases")
	}
	return pub, nil
}

// fill gives what the configuration leaves out its default.
func (c *Config) fill() {
	if c.Clock == nil {
		c.Clock = RealClock{}
	}
	if ss, ok := c.Store.(umpirehttp.Store); ok && c.Sheets == nil {
		c.Sheets = ss
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	if c.Grace == 0 {
		c.Grace = 2 * time.Minute
	}
	if c.Registry == nil {
		c.Registry = prometheus.NewRegistry()
	}
	if c.TablesPerIdentity == 0 {
		c.TablesPerIdentity = 16
	}
	if c.ConnsPerIdentity == 0 {
		c.ConnsPerIdentity = 32
	}
	if c.ConnsPerAddress == 0 {
		c.ConnsPerAddress = 128
	}
	if c.Searches <= 0 {
		c.Searches = max(1, runtime.GOMAXPROCS(0)-1)
	}
}

// Resume brings back every unfinished table exactly where it was: its
// actions replayed, its seats held by the same players, its clock re-armed
// from the moment of its last action. A cluster's node takes only its
// share, the tables no node holds, and goes on taking them while it runs.
func (s *Server) Resume(ctx context.Context) error {
	if s.cluster != nil {
		return s.node.Start(ctx)
	}
	recs, err := s.store.Tables(ctx, false)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		t, err := loadTable(ctx, s.store, s.tableEnv, rec)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			s.log.Error("cannot set the table up again", "table", rec.ID, "err", err)
			continue
		}
		if t.Finished() {
			// Its match was over; load has recorded that.
			continue
		}
		s.start(t, 0)
		s.log.Info("table resumed", "table", rec.ID, "seq", t.Seq())
	}
	return nil
}

// loadTable rebuilds a stored table by replaying its actions.
func loadTable(ctx context.Context, st Store, env *table.Env, rec carrom.TableRecord) (*table.Table, error) {
	var cfg protocol.TableConfig
	if err := json.Unmarshal(rec.Config, &cfg); err != nil {
		return nil, fmt.Errorf("server: table %s: unreadable configuration: %w", rec.ID, err)
	}
	t, err := table.New(env, rec.ID, "", cfg, rec.Created)
	if err != nil {
		return nil, err
	}
	actions, err := st.Actions(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	if err := t.Restore(rec, actions); err != nil {
		return nil, err
	}
	return t, nil
}

// start starts a table, in a cluster under this node's lease
// of epoch; its owner's count was taken by reserve (or the table was
// resumed, and has none).
func (s *Server) start(t *table.Table, epoch int64) {
	ctx, cancel := context.WithCancel(s.ctx)
	ended := func() {}
	if s.node != nil {
		ended = s.node.Hold(t, epoch, cancel)
	}
	s.mu.Lock()
	s.tables[t.ID()] = t
	s.inPlay++
	s.mu.Unlock()
	s.wg.Add(1)
	// The table ends with the server (Close), once its match is over and
	// its last client has left, or when this node lets the table go.
	t.Start(ctx, func() {
		defer s.wg.Done()
		defer cancel()
		s.mu.Lock()
		if s.tables[t.ID()] == t {
			// Not a newer run of the table, taken back meanwhile.
			delete(s.tables, t.ID())
		}
		s.mu.Unlock()
		ended()
		if !t.Finished() {
			s.outOfPlay(t.Owner())
		}
	})
}

// outOfPlay counts a table out of play, once: when its match ends or its
// goroutine stops before that.
func (s *Server) outOfPlay(owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inPlay--
	if owner != "" {
		release(s.owned, owner)
	}
}

func (s *Server) tablesInPlay() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inPlay
}

// reserve takes one of an identity's n allowances in counts, or returns
// ErrTooMany; the lock of counts must be held.
func reserve(counts map[string]int, token string, n int, what string) error {
	if counts[token] >= n {
		return fmt.Errorf("server: %d %s for one player at most: %w", n, what, ErrTooMany)
	}
	counts[token]++
	return nil
}

// release gives an allowance back; the lock of counts must be held.
func release(counts map[string]int, token string) {
	if counts[token]--; counts[token] <= 0 {
		delete(counts, token)
	}
}

// Close ends every table; what they accepted is stored. A
// cluster's node first hands its tables over to the other nodes.
func (s *Server) Close() {
	s.pairing.Close()
	if s.node != nil {
		s.node.HandOver()
	}
	s.cancel()
	s.wg.Wait()
	// The matches the tables finished are rated before the server goes.
	s.finishes.close()
}

func (s *Server) table(id string) *table.Table {
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

// CreateTable stores and starts a new table for its owner (an identity
// token), who may have TablesPerIdentity tables in play at most.
func (s *Server) CreateTable(ctx context.Context, owner string, cfg protocol.TableConfig) (string, error) {
	switch {
	case cfg.Rated && cfg.Seed != 0:
		return "", fmt.Errorf("server: a rated table's seed is drawn by the server: leave \"seed\" out: %w", ErrBadConfig)
	case len(cfg.Keep) > 0:
		return "", fmt.Errorf("server: seats are kept only for a rematch's players: leave \"keep\" out: %w", ErrBadConfig)
	}
	return s.createAs(ctx, newID(6), owner, cfg, nil)
}

// createAs makes the table id, whose seats in claims are taken already (a
// rematch, an accepted challenge, a pair of quick pairing).
func (s *Server) createAs(ctx context.Context, id, owner string, cfg protocol.TableConfig, claims []carrom.SeatRecord) (string, error) {
	switch {
	case cfg.Rated:
		// Drawn where no player can choose or guess it: it decides the
		// tie-break toss.
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic("server: no randomness: " + err.Error())
		}
		cfg.Seed = binary.LittleEndian.Uint64(b[:])
	case cfg.Seed == 0:
		cfg.Seed = uint64(s.clock.Now().UnixNano())
	}
	created := s.clock.Now()
	t, err := table.New(s.tableEnv, id, owner, cfg, created)
	if err != nil {
		return "", err
	}
	if err := s.checkRated(cfg); err != nil {
		return "", err
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	err = reserve(s.owned, owner, s.maxTables, "tables in play")
	s.mu.Unlock()
	if err != nil {
		return "", err
	}
	if err := s.store.CreateTable(ctx, carrom.TableRecord{ID: id, Config: data, Created: created}); err != nil {
		s.mu.Lock()
		release(s.owned, owner)
		s.mu.Unlock()
		return "", err
	}
	for _, c := range claims {
		if err := s.store.ClaimSeat(ctx, id, c); err != nil {
			return "", err
		}
		t.Claim(c.Seat, c.Token, c.Nickname)
	}
	var epoch int64
	if s.node != nil {
		var err error
		if epoch, err = s.node.TakeLease(ctx, id); err != nil {
			// No owner yet: a node's lease round will take the table.
			s.log.Error("cannot take the new table's lease", "table", id, "err", err)
			s.mu.Lock()
			release(s.owned, owner)
			s.mu.Unlock()
			return id, nil
		}
	}
	s.start(t, epoch)
	s.log.Info("table created", "table", id, "rules", cfg.Rules, "players", cfg.Players, "clock", cfg.Clock)
	return id, nil
}
