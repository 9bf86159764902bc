package server

import (
	"context"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/table"
)

// finishes hands the finished matches to their subscribers, in turn, on a
// goroutine of its own: a table announces its end and does not wait. Close
// waits until every match announced has been handed over, so that a
// server's shutdown loses none.
type finishes struct {
	mu     sync.Mutex
	subs   []func(context.Context, table.Finished)
	queue  []table.Finished
	closed bool
	wake   chan struct{} // a token when the queue has grown or closed
	done   chan struct{} // closed when the worker has handed everything over
}

// reactTimeout bounds one subscriber's work on one finished match (the
// rating's transaction), so that a store that hangs cannot hold a
// shutdown for ever.
const reactTimeout = 30 * time.Second

func newFinishes() *finishes {
	f := &finishes{wake: make(chan struct{}, 1), done: make(chan struct{})}
	go f.run()
	return f
}

// subscribe adds a reaction to every finished match.
func (f *finishes) subscribe(react func(context.Context, table.Finished)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs = append(f.subs, react)
}

// publish announces a finished match. Once closed (every table stopped),
// the reactions run at once on the caller's goroutine.
func (f *finishes) publish(m table.Finished) {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		f.react(m)
		return
	}
	f.queue = append(f.queue, m)
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

func (f *finishes) run() {
	defer close(f.done)
	for {
		f.mu.Lock()
		q, closed := f.queue, f.closed
		f.queue = nil
		f.mu.Unlock()
		for _, m := range q {
			f.react(m)
		}
		if len(q) == 0 {
			if closed {
				return
			}
			<-f.wake
		}
	}
}

func (f *finishes) react(m table.Finished) {
	f.mu.Lock()
	subs := f.subs
	f.mu.Unlock()
	for _, r := range subs {
		ctx, cancel := context.WithTimeout(context.Background(), reactTimeout)
		r(ctx, m)
		cancel()
	}
}

// close waits until every match announced has been handed over.
func (f *finishes) close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
	<-f.done
}
