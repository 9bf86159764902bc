package umpirehttp

import (
	"container/list"
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/carrom-game/carrom/internal/umpire"
)

// The states a server keeps of the sheets written or read lately: at most
// maxCachedSheets sheets and maxCachedOps operations among them, the
// sheets used least recently dropped first (a sheet in use is never).
const (
	maxCachedSheets = 256
	maxCachedOps    = 30000
)

// cache keeps each sheet's state as of its last stored operation, so
// that an entry applies one operation, never the log, and locks its own
// sheet only. The store stays the truth: before each use a state takes
// the operations stored after it (by another server sharing the database,
// say), which are numbered and never change.
type cache struct {
	store Store
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
	held int // len(ops) as counted in cache.held

	mu  sync.Mutex // serialises the work on the sheet here
	sh  umpire.Sheet
	ops [][]byte // the stored operations, canonical, by number − 1
	ok  bool     // sh and ops hold the sheet as stored up to sh.Seq
}

func newCache(store Store, reg prometheus.Registerer) *cache {
	c := &cache{store: store, states: map[string]*sheetState{}, recent: list.New(),
		replayed: prometheus.NewCounter(prometheus.CounterOpts{Name: "carrom_sheet_ops_replayed_total", Help: "Stored scoresheet operations applied on loading a sheet or catching up with another node's entries."})}
	reg.MustRegister(c.replayed)
	return c
}

// acquire locks sheet id's state, made empty if the server holds none.
func (c *cache) acquire(id string) *sheetState {
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
func (c *cache) release(st *sheetState) {
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
func (c *cache) catchUp(ctx context.Context, st *sheetState, rec umpire.Record) error {
	if !st.ok {
		var cfg umpire.Config
		if err := json.Unmarshal(rec.Config, &cfg); err != nil {
			return fmt.Errorf("umpire: sheet %s: %w", rec.ID, err)
		}
		sh, err := umpire.New(cfg)
		if err != nil {
			return fmt.Errorf("umpire: sheet %s: %v", rec.ID, err)
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
			return fmt.Errorf("umpire: sheet %s entry %d no longer applies: %v", rec.ID, o.Seq, err)
		}
		st.ops = append(st.ops, o.Op)
		c.replayed.Inc()
	}
	st.ok = true
	return nil
}
