package cluster

import (
	"context"
	"strconv"
	"sync"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/table"
)

// adoptAtOnce bounds the tables a node adopts at once, each a few round
// trips to the store and the bus and a replay.
const adoptAtOnce = 8

// adoptions take over the tables whose leases the node has just taken:
// adopting are those not yet running (the node's mu), wg counts the
// goroutines adopting them, at most adoptAtOnce at once (slots).
type adoptions struct {
	n        *Node
	adopting map[string]bool
	wg       sync.WaitGroup
	slots    chan struct{}
}

// all adopts the tables whose leases this node has just taken.
func (a *adoptions) all(ctx context.Context, taken []carrom.Lease) {
	n := a.n
	n.mu.Lock()
	for _, l := range taken {
		a.adopting[l.Table] = true
	}
	n.mu.Unlock()
	for _, l := range taken {
		// Adopted beside this loop, a few at once: a node taking over the
		// hundreds of tables of one that died would otherwise stop renewing
		// its own leases until done, and lose them.
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			select {
			case a.slots <- struct{}{}:
			case <-ctx.Done():
				a.adopted(l.Table)
				return
			}
			defer func() { <-a.slots }()
			// Bounded, so that a table whose fence waits (its old owner
			// froze inside a transaction) cannot hold its slot for long.
			actx, cancel := context.WithTimeout(ctx, n.ttl)
			defer cancel()
			a.adopt(actx, l)
			a.adopted(l.Table)
		}()
	}
}

// adopted marks a table taken over as no longer being adopted: it runs
// here now, or its lease was let go.
func (a *adoptions) adopted(id string) {
	a.n.mu.Lock()
	delete(a.adopting, id)
	a.n.mu.Unlock()
}

// adopt rebuilds a table whose lease this node has just taken, from the
// store by replay, and has the server start it (Tables.Adopt); its clock
// is re-armed from its last action and its computer seats play on.
func (a *adoptions) adopt(ctx context.Context, l carrom.Lease) {
	n := a.n
	// Fenced first, the table's history is complete when it is read: the
	// old owner can store nothing after.
	err := n.Leases.Fence(ctx, l.Table, l.Epoch)
	var rec carrom.TableRecord
	if err == nil {
		rec, err = n.env.Store.Table(ctx, l.Table)
	}
	if err == nil {
		var t *table.Table
		if t, err = n.env.Tables.Load(ctx, rec); err == nil {
			if t.Finished() {
				return
			}
			// Clients at other nodes still joined to the previous owner
			// reconnect, and join this one.
			h := map[string]string{"epoch": strconv.FormatInt(l.Epoch, 10), "kind": "moved"}
			if err := n.Bus.Publish(outSubject(t.ID()), carrom.BusMsg{Header: h}); err != nil {
				t.Log().Warn("announcing the move", "err", err)
			}
			n.env.Tables.Adopt(ctx, t, l.Epoch)
			n.env.Metrics.Takeovers.Inc()
			t.Log().Info("table taken over", "seq", t.Seq(), "epoch", l.Epoch, "node", n.Node)
			return
		}
	}
	if n.env.Ctx.Err() != nil || n.closing.Load() {
		return
	}
	n.env.Log.Error("cannot take the table over", "table", l.Table, "err", err)
	// Let it go, so that it is taken again (by this node or another) at
	// the next round rather than held here without running.
	rctx, cancel := context.WithTimeout(n.env.Ctx, n.ttl)
	defer cancel()
	if err := n.Leases.Release(rctx, n.Node, []string{l.Table}, false); err != nil {
		n.env.Log.Error("releasing a lease", "table", l.Table, "err", err)
	}
}
