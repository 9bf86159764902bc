package servertest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
)

// Player plays one seat of a table from one node, as a browser would:
// when its connection is closed (the table moved to another node, or the
// node stopped) it reconnects with the last sequence number it saw, to
// the same node or the next of Bases. It checks that it sees every event
// once, in order: a message whose seq skips one is a gap.
type Player struct {
	Client *Client
	Table  string
	Seat   int
	Name   string
	// Bases are the nodes to try, in turn, when a connection fails; the
	// first is Client.Base.
	Bases []string
	// Delay is how long the player thinks before each move.
	Delay time.Duration
	rng   *rand.Rand

	conn       *Conn
	seq        int64               // the last event seen
	sentFor    int64               // the seq whose move was sent; -1: none
	Last       *protocol.GameState // the last state seen
	Events     []Message
	Reconnects int
}

// NewPlayer makes a player of seat at table through c.
func NewPlayer(c *Client, table string, seat int, name string, seed uint64) *Player {
	return &Player{Client: c, Table: table, Seat: seat, Name: name, Bases: []string{c.Base}, rng: rand.New(rand.NewPCG(seed, uint64(seat))), sentFor: -1}
}

// Seq is the sequence number of the last event the player saw.
func (p *Player) Seq() int64 { return p.seq }

// Connect (re)connects, trying each base in turn until one answers (or
// ctx ends), and takes the seat if the player does not hold it yet.
func (p *Player) Connect(ctx context.Context) error {
	conn, base, err := p.Client.Redial(ctx, p.Bases, p.Table, p.seq)
	if err != nil {
		return fmt.Errorf("servertest: %s reconnecting: %w", p.Name, err)
	}
	p.conn, p.Client.Base, p.sentFor = conn, base, -1
	m, err := p.conn.Read(ctx)
	if err != nil {
		return err
	}
	if m.Type != protocol.TypeWelcome {
		return fmt.Errorf("servertest: %s: first message %q, want welcome", p.Name, m.Type)
	}
	if !slices.Contains(m.Seats, p.Seat) {
		return p.conn.Send(ctx, protocol.Sit(p.Seat, p.Name))
	}
	// Nothing may follow the welcome of a player who missed nothing: if
	// his move was lost with the connection, he makes it again now.
	return p.move(ctx)
}

// Close closes the connection.
func (p *Player) Close() {
	if p.conn != nil {
		p.conn.Close()
	}
}

// ErrGap is returned when a player sees an event's seq skip.
var ErrGap = errors.New("servertest: a gap in seq")

// Step reads one message and plays the seat's move if it is to act; a
// closed connection is reconnected.
func (p *Player) Step(ctx context.Context) error {
	m, err := p.conn.Read(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		p.conn.Close()
		p.Reconnects++
		return p.Connect(ctx)
	}
	switch m.Type {
	case protocol.TypeEvent:
		if m.Seq != p.seq+1 {
			return fmt.Errorf("%w: %s saw event %d after %d", ErrGap, p.Name, m.Seq, p.seq)
		}
		p.seq = m.Seq
		p.Events = append(p.Events, m)
		p.Last = m.State
	case protocol.TypeState:
		if p.seq != 0 && m.Seq != p.seq {
			return fmt.Errorf("%w: %s saw state %d after event %d", ErrGap, p.Name, m.Seq, p.seq)
		}
		p.seq = m.Seq
		p.Last = m.State
	case protocol.TypeError:
		// A move refused (it crossed another's) is made again below.
		p.sentFor = -1
	}
	return p.move(ctx)
}

// move plays the seat's move if it is to act and has not played it yet.
func (p *Player) move(ctx context.Context) error {
	st := p.Last
	if st == nil || !st.Started || st.Over || st.ToAct.Seat != p.Seat || p.sentFor == p.seq || st.ToAct.Need != "strike" && st.ToAct.Need != "place" {
		return nil
	}
	in := Move(st, p.rng)
	p.sentFor = p.seq
	if p.Delay > 0 {
		select {
		case <-time.After(p.Delay):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := p.conn.Send(ctx, in); err != nil && ctx.Err() == nil {
		// The next read fails too, and reconnects.
		p.sentFor = -1
	}
	return nil
}

// PlayUntil has every player play, each on its own goroutine, until it
// has seen seq until (or the match is over); ctx bounds it. It returns at
// the first player's error, naming the player; the others stop with ctx.
func PlayUntil(ctx context.Context, until int64, ps ...*Player) error {
	errs := make(chan error, len(ps))
	for _, p := range ps {
		go func() {
			for p.Seq() < until && (p.Last == nil || !p.Last.Over) {
				if err := p.Step(ctx); err != nil {
					errs <- fmt.Errorf("%s: %w", p.Name, err)
					return
				}
			}
			errs <- nil
		}()
	}
	for range ps {
		if err := <-errs; err != nil {
			return err
		}
	}
	return nil
}

// Move is a simple player's message for the state: the suggested placing
// (or forgoing it when there is none), or a shot from a random legal spot
// at a random angle and power.
func Move(st *protocol.GameState, rng *rand.Rand) protocol.ClientMsg {
	if st.ToAct.Need == "place" {
		if st.ToAct.PlaceHint == nil {
			return protocol.Forgo()
		}
		return protocol.Place(st.ToAct.PlaceHint[0], st.ToAct.PlaceHint[1])
	}
	r := st.ToAct.StrikerRanges[rng.IntN(len(st.ToAct.StrikerRanges))]
	x := r[0] + rng.Float64()*(r[1]-r[0])
	angle := 45 + 90*rng.Float64()
	return protocol.Strike(x, angle, 0.2+0.7*rng.Float64())
}
