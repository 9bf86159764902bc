package server

import (
	"context"
	"sync"
	"time"
)

// matchFinished is what a table announces, once, when its match ends:
// what the domains that react to a finished match need, copied, so that
// none of them reads the table or runs on its goroutine.
type matchFinished struct {
	Table string
	Rules string
	Rated bool
	// Winner is the side that won the match, -1 if none did.
	Winner int
	At     time.Time
	// Strokes and Boards are the strokes played and the boards they
	// finished (countPlay).
	Strokes, Boards int
	Seats           []finishedSeat
	// Games are the games each side won.
	Games [2]int
	// Drawn: the match ended at a tournament's bell with the score equal
	// (game.Bell); it has no Winner.
	Drawn bool

	// Aborted: the rated match ended before its first stroke, left by
	// the seat Leaver (fairplay.go); it has no Winner.
	Aborted bool
	Leaver  int
}

// finishedSeat is who held a seat at the end: the browser's token and the
// name the seat carries.
type finishedSeat struct{ Token, Nickname string }

// ended is the announcement of the table's match, just over.
func (t *table) ended() matchFinished {
	m := matchFinished{Table: t.id, Rules: t.cfg.Rules, Rated: t.cfg.Rated, Winner: -1, Aborted: t.aborted, Leaver: -1, At: t.lastAt, Strokes: t.strokes, Boards: t.boards}
	m.Games = t.state.Match().Games
	if t.aborted {
		m.Leaver = t.leaver
	} else if w := int(t.state.Match().Winner); w == 0 || w == 1 {
		m.Winner = w
	} else {
		// A coloured match ends without a winner at the bell only.
		m.Drawn = t.state.Match().Rules.Variant == nil
	}
	for _, s := range t.seats {
		m.Seats = append(m.Seats, finishedSeat{Token: s.token, Nickname: s.nickname})
	}
	return m
}

// finishes hands the finished matches to their subscribers, in turn, on a
// goroutine of its own: a table announces its end and does not wait. Close
// waits until every match announced has been handed over, so that a
// server's shutdown loses none.
type finishes struct {
	mu     sync.Mutex
	subs   []func(context.Context, matchFinished)
	queue  []matchFinished
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
func (f *finishes) subscribe(react func(context.Context, matchFinished)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs = append(f.subs, react)
}

// publish announces a finished match. Once closed (every table stopped),
// the reactions run at once on the caller's goroutine.
func (f *finishes) publish(m matchFinished) {
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

func (f *finishes) react(m matchFinished) {
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
