package server

import (
	"context"
	"fmt"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/carrom"
)

// seat is who plays one seat and how many connections he has.
type seat struct {
	cfg       SeatConfig
	bot       Bot
	token     string
	nickname  string
	connected int
	graceStop func() bool
}

// started: every human seat is taken.
func (t *table) started() bool {
	for _, s := range t.seats {
		if s.cfg.Kind == "human" && s.token == "" {
			return false
		}
	}
	return true
}

func (t *table) heldSeats(token string) []int {
	seats := []int{}
	for i, s := range t.seats {
		if s.token != "" && s.token == token {
			seats = append(seats, i)
		}
	}
	return seats
}

func (t *table) join(m joinReq) {
	c := m.c
	t.clients[c] = struct{}{}
	t.srv.metrics.clients.Inc()
	for _, i := range t.heldSeats(c.token) {
		s := &t.seats[i]
		s.connected++
		if s.graceStop != nil {
			s.graceStop()
			s.graceStop = nil
		}
	}
	t.deliver(c, t.welcome(c, c.nickname))
	// A client that saw event `since` gets what it missed, if the backlog
	// still holds it; otherwise, and for a new client, the full state.
	evs, ok := t.missed(m.since)
	if !ok {
		evs = [][]byte{encode(t.snapshot())}
	}
	for _, ev := range evs {
		t.deliver(c, ev)
	}
	t.broadcastSeats(c)
}

// welcome tells c the seats it holds, under nickname.
func (t *table) welcome(c *client, nickname string) []byte {
	return encode(welcomeMsg{V: ProtocolVersion, Type: "welcome", Table: t.id, Seq: t.seq, Seats: t.heldSeats(c.token), Nickname: nickname})
}

func (t *table) leave(c *client) {
	if _, ok := t.clients[c]; !ok {
		return
	}
	delete(t.clients, c)
	c.drop(websocket.StatusPolicyViolation, "too slow")
	t.srv.metrics.clients.Dec()
	for _, i := range t.heldSeats(c.token) {
		s := &t.seats[i]
		s.connected--
		if s.connected == 0 && t.started() && !t.over() {
			seat := i
			s.graceStop = t.srv.clock.AfterFunc(t.srv.grace, func() { t.post(graceFired{seat: seat}) })
		}
	}
	t.broadcastSeats(nil)
}

// broadcastSeats tells everyone but skip the new state of the seats.
func (t *table) broadcastSeats(skip *client) {
	t.broadcast(encode(t.snapshot()), skip)
}

func (t *table) sit(ctx context.Context, m sitReq) error {
	if m.seat < 0 || m.seat >= len(t.seats) {
		return fmt.Errorf("server: seat %d: this table has seats 0 to %d: %w", m.seat, len(t.seats)-1, ErrNoSeat)
	}
	if t.seats[m.seat].bot != nil {
		return fmt.Errorf("server: seat %d is the computer's: %w", m.seat, ErrSeatTaken)
	}
	s := &t.seats[m.seat]
	if s.token != "" && s.token != m.c.token {
		return fmt.Errorf("server: seat %d: %w", m.seat, ErrSeatTaken)
	}
	held := s.token != ""
	if !held && m.seat < len(t.cfg.Keep) && t.cfg.Keep[m.seat] != "" && t.cfg.Keep[m.seat] != hashSession(m.c.token) {
		return fmt.Errorf("server: seat %d is kept for its player of the match before: %w", m.seat, ErrSeatTaken)
	}
	name, err := t.seatName(ctx, m, held)
	if err != nil {
		return err
	}
	if held && name == s.nickname {
		// Nothing changes: the browser is told again what it holds.
		t.deliver(m.c, t.welcome(m.c, name))
		return nil
	}
	if err := t.srv.store.ClaimSeat(ctx, t.id, carrom.SeatRecord{Seat: m.seat, Token: m.c.token, Nickname: name}); err != nil {
		return err
	}
	wasStarted := t.started()
	if s.token == "" {
		if _, ok := t.clients[m.c]; ok {
			s.connected++
		}
	}
	s.token, s.nickname = m.c.token, name
	if !wasStarted && t.started() {
		// The clock starts when the last player sits down.
		t.lastAt = t.srv.clock.Now()
		t.arm()
	}
	t.deliver(m.c, t.welcome(m.c, name))
	t.broadcastSeats(nil)
	t.next(ctx)
	return nil
}

// seatName is the name seat m.seat takes, or keeps if this browser holds
// it already (held). A rated seat carries its account's name, always; a
// second "sit" of an unrated seat renames it to the nickname it gives, if
// any, while the match is on.
func (t *table) seatName(ctx context.Context, m sitReq, held bool) (string, error) {
	if held {
		if t.cfg.Rated || m.nickname == "" || t.over() {
			return t.seats[m.seat].nickname, nil
		}
		return m.nickname, nil
	}
	if t.cfg.Rated {
		// The session's account, not only the token's, so that a browser
		// signed out (or into another account) takes no rated seat.
		if m.c.account == "" {
			return "", fmt.Errorf("server: a rated seat is an account's, taken on the table's page by its player signed in: sign in: %w", ErrNotSignedIn)
		}
		a, err := t.mayRate(ctx, m.seat, m.c.token)
		if err != nil {
			return "", err
		}
		if a.ID != m.c.account {
			return "", fmt.Errorf("server: this browser plays for another account than the one signed in: sign in again: %w", ErrNotSignedIn)
		}
		return a.Name, nil
	}
	switch {
	case m.nickname != "":
		return m.nickname, nil
	case m.c.nickname != "":
		return m.c.nickname, nil
	}
	return fmt.Sprintf("Player %d", m.seat+1), nil
}

// arm starts the clock of the human seat to act (RULES TM-1), from the
// moment the last action was accepted.
func (t *table) arm() {
	t.stopClock()
	if t.cfg.Clock == 0 || !t.started() || t.over() {
		return
	}
	turn := t.state.ToAct()
	if t.seats[turn.Seat].bot != nil || turn.Need == game.NeedToss {
		return
	}
	t.clockGen++
	gen := t.clockGen
	t.deadline = t.lastAt.Add(time.Duration(t.cfg.Clock) * time.Second)
	t.clockStop = t.srv.clock.AfterFunc(t.deadline.Sub(t.srv.clock.Now()), func() { t.post(clockFired{gen: gen}) })
}

func (t *table) stopClock() {
	if t.clockStop != nil {
		t.clockStop()
		t.clockStop = nil
	}
	t.deadline = time.Time{}
}
