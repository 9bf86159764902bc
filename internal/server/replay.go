package server

import (
	"bytes"
	"container/list"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/table"
	"github.com/carrom-game/carrom/physics"
)

// Bounds of the replays (GET /api/matches/{id}/replay): a replay of a long
// match is megabytes of trajectories and a second or more of simulation.
const (
	// replaySlots is how many replays are simulated at once; a request
	// past them is answered 503 with Retry-After.
	replaySlots = 2
	// replayCacheBytes bounds the encoded replays of finished matches kept
	// for the next request; a replay bigger than that is never kept.
	replayCacheBytes = 64 << 20
	replayRetry      = 2 // seconds
)

// errBusy says the server is at its bound of some work; try again later.
var errBusy = httpapi.NewCoded(http.StatusServiceUnavailable, "busy", "the server is busy")

// matches serves the stored tables' records read back: a table's
// description, a match's record, its replay and the page of a table
// that may not exist. It makes no table.
type matches struct {
	store   Store
	physics physics.Params
	replays *replays
	log     *slog.Logger
}

// replays bounds the replays simulated at once and keeps the encoded
// replays of finished matches, which never change, so that any number of
// readers of one match, however slow, share one copy.
type replays struct {
	slots chan struct{}
	mu    sync.Mutex
	lru   *list.List // of *cachedReplay, the most recent first
	byID  map[string]*list.Element
	bytes int
}

type cachedReplay struct {
	id   string
	data []byte
}

func newReplays() *replays {
	return &replays{slots: make(chan struct{}, replaySlots), lru: list.New(), byID: map[string]*list.Element{}}
}

func (r *replays) get(id string) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.byID[id]; ok {
		r.lru.MoveToFront(e)
		return e.Value.(*cachedReplay).data
	}
	return nil
}

func (r *replays) put(id string, data []byte) {
	if len(data) > replayCacheBytes {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.byID[id]; ok {
		return
	}
	r.byID[id] = r.lru.PushFront(&cachedReplay{id: id, data: data})
	r.bytes += len(data)
	for r.bytes > replayCacheBytes {
		e := r.lru.Back()
		c := r.lru.Remove(e).(*cachedReplay)
		delete(r.byID, c.id)
		r.bytes -= len(c.data)
	}
}

// getReplay replays a table's stored actions and returns them as the
// event messages of the WebSocket, trajectories and states included, so a
// client can show the match stroke by stroke without simulating. ?from=N
// and ?to=M (sequence numbers, inclusive) choose a stretch. A finished
// match's whole replay is kept once made; any other is written event by
// event as it is simulated, so that a request holds one event at a time.
func (m *matches) getReplay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	from, err := querySeq(r, "from", 1)
	if err != nil {
		apiError(w, err)
		return
	}
	to, err := querySeq(r, "to", 1<<62)
	if err != nil {
		apiError(w, err)
		return
	}
	rec, ti, err := m.record(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	whole := from <= 1 && to == 1<<62 && !rec.Finished.IsZero()
	if whole {
		if data := m.replays.get(id); data != nil {
			writeReplay(w, data)
			return
		}
	}
	select {
	case m.replays.slots <- struct{}{}:
		defer func() { <-m.replays.slots }()
	default:
		w.Header().Set("Retry-After", strconv.Itoa(replayRetry))
		apiError(w, fmt.Errorf("server: %d replays are being made, the most at once; try again in %d seconds: %w", replaySlots, replayRetry, errBusy))
		return
	}
	gcfg, err := table.GameConfig(ti.Config, m.physics)
	if err != nil {
		apiError(w, err)
		return
	}
	v := table.ReplayView(id, ti.Config, rec.Seats, rec.Result)
	actions, err := m.store.Actions(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	if whole {
		var buf bytes.Buffer
		if err := streamReplay(&buf, v, gcfg, ti, actions, from, to); err != nil {
			apiError(w, err)
			return
		}
		m.replays.put(id, buf.Bytes())
		writeReplay(w, buf.Bytes())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if err := streamReplay(w, v, gcfg, ti, actions, from, to); err != nil {
		// Some of the answer may be written already: the client sees a
		// cut response rather than one that looks whole.
		m.log.Error("replaying a match", "table", id, "err", err)
		panic(http.ErrAbortHandler)
	}
}

func writeReplay(w http.ResponseWriter, data []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
}

// streamReplay writes the replay of actions from seq from to seq to as
// one JSON object, {"table", "start", "events"}, an event at a time. The
// start is the table before the first event returned; there is none if
// the stretch begins past the last action. It returns an error if an
// action no longer applies; once a write fails (the client has gone) it
// stops.
func streamReplay(w io.Writer, v table.View, cfg game.Config, ti protocol.TableInfo, actions []carrom.ActionRecord, from, to int64) error {
	var werr error
	put := func(parts ...[]byte) {
		for _, p := range parts {
			if werr == nil {
				_, werr = w.Write(p)
			}
		}
	}
	tb, err := json.Marshal(ti)
	if err != nil {
		return err
	}
	put([]byte(`{"table":`), tb)
	begun, first := false, true
	begin := func(st game.Table, seq int64) {
		put([]byte(`,"start":`), protocol.Encode(v.Snapshot(st, seq, time.Time{})), []byte(`,"events":[`))
		begun = true
	}
	n := 0
	for n < len(actions) && actions[n].Seq <= to {
		n++
	}
	end, err := table.ReplayStored(ti.ID, cfg, actions[:n], func(s game.Step, a carrom.ActionRecord) error {
		if s.Index == 0 && from <= 1 {
			begin(s.Before, 0)
		}
		switch {
		case a.Seq == from-1:
			begin(s.After, a.Seq)
		case a.Seq >= from:
			if !first {
				put([]byte(","))
			}
			first = false
			put(protocol.Encode(v.Event(s.Before, s.After, a.Seq, s.Action, s.Outcome, time.Time{})))
		}
		return werr
	})
	if err != nil && err != werr {
		return err
	}
	if n == 0 && from <= 1 {
		begin(end, 0)
	}
	if !begun {
		put([]byte(`,"events":[`))
	}
	put([]byte("]}\n"))
	return nil
}
