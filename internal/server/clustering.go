package server

import (
	"context"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/cluster"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
)

// The cluster is internal/cluster's (leases, rendezvous, adoption,
// forwarding, relay); here is what the server gives its node (its
// cluster.Env) and the names the server's configuration gives it.

// Cluster makes a server one node of several (cluster.Config); Bus and
// Leases are what it runs on (cluster.Bus, cluster.Leases).
type (
	Cluster = cluster.Config
	Bus     = cluster.Bus
	Leases  = cluster.Leases
)

// newNode is the node of this server in the cluster c.
func newNode(s *Server, c Cluster) *cluster.Node {
	return cluster.New(c, cluster.Env{
		Store: s.store, Tables: clusterTables{s}, Clock: s.clock, Log: s.log,
		Metrics: cluster.Metrics{
			Forwards: s.metrics.forwards, Takeovers: s.metrics.takeovers,
			LeaseLost: s.metrics.leaseLost, Refusals: s.metrics.refusals,
		},
		ErrorMessage: errorMessage,
		Handlers:     map[string]func(carrom.BusMsg){accountsSubject: s.vacater.vacated, bellSubject: bells{s}.rung},
		Ctx:          s.ctx,
	})
}

// clusterTables are the tables running here, as the node reaches them.
type clusterTables struct{ s *Server }

func (ct clusterTables) Table(id string) *table.Table { return ct.s.table(id) }

func (ct clusterTables) Load(ctx context.Context, rec carrom.TableRecord) (*table.Table, error) {
	return loadTable(ctx, ct.s.store, ct.s.tableEnv, rec)
}

// Adopt starts a table taken over; a tournament's table waits for its
// round's bell here too (bell.go).
func (ct clusterTables) Adopt(ctx context.Context, t *table.Table, epoch int64) {
	ct.s.start(t, epoch)
	bells(ct).adopted(ctx, t.ID())
}

// A client is a connection the node relays to (cluster.Conn).
func (c *client) Reply(msg []byte) bool { return c.reply(msg) }
func (c *client) Reconnect(why string)  { c.drop(websocket.StatusServiceRestart, why) }

// remoteSink sends a connection's intents to the owner of its table, at
// another node.
type remoteSink struct{ *cluster.Remote }

func (r remoteSink) sit(_ *client, seat int, nickname string) ([]byte, bool) {
	return r.Sit(seat, nickname)
}
func (r remoteSink) act(_ *client, a game.Action) bool  { return r.Act(a) }
func (r remoteSink) aim(_ *client, a protocol.Aim) bool { return r.Aim(a) }
func (r remoteSink) leave(*client)                      { r.Leave() }
