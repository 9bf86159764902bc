package table

import (
	"context"
	"fmt"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/protocol"
)

// seat is who plays one seat and how many connections he has.
type seat struct {
	cfg       protocol.SeatConfig
	bot       Bot
	token     string
	nickname  string
	connected int
	graceStop func() bool
	// came: the seat's player has been at the table since it started
	// here; noShowStop stops the wait for one who has not (arrived).
	came       bool
	noShowStop func() bool
}

// noShowWait is how long a seat taken for a player (a challenge's, a
// rematch's) waits for him once another player has come, before he loses
// the match: ICF law 126 gives a player 15 minutes to report to his board.
// A server's grace (RULES TM-3) longer than that is waited instead.
const noShowWait = 15 * time.Minute

// seated: every human seat is taken.
func (t *seating) seated() bool {
	for _, s := range t.seats {
		if s.cfg.Kind == protocol.SeatHuman && s.token == "" {
			return false
		}
	}
	return true
}

// started: the match has begun: every human seat is taken and each of
// their players has come to the table (arrived).
func (t *seating) started() bool { return t.began }

// arrived notes that a player has come. Once every human seat is taken
// and each of their players has come, the match begins: its clock starts
// (and a player gone meanwhile has his grace, RULES TM-3), and it reports
// true, the caller then letting the computer play (next). Until then a
// seat taken whose player has not come, once another player has, waits
// for him noShowWait, then he loses the match (noShowFired).
func (t *seating) arrived() bool {
	if t.began || !t.seated() || t.over() {
		return false
	}
	someone, all := false, true
	for _, s := range t.seats {
		if s.cfg.Kind == protocol.SeatHuman {
			someone = someone || s.came
			all = all && s.came
		}
	}
	if all {
		t.began = true
		t.lastAt = t.env.Clock.Now()
		for i := range t.seats {
			s := &t.seats[i]
			if s.noShowStop != nil {
				s.noShowStop()
				s.noShowStop = nil
			}
			if s.cfg.Kind == protocol.SeatHuman && s.connected == 0 {
				t.absent(i)
			}
		}
		t.arm()
		return true
	}
	if !someone {
		return false
	}
	for i := range t.seats {
		s := &t.seats[i]
		if s.cfg.Kind == protocol.SeatHuman && !s.came && s.noShowStop == nil {
			seat := i
			s.noShowStop = t.env.Clock.AfterFunc(max(noShowWait, t.env.Grace), func() { t.post(noShowFired{seat: seat}) })
		}
	}
	return false
}

// startGrace gives the player of a seat with no connection left the grace
// period, after which he loses the match (RULES TM-3).
func (t *seating) startGrace(seat int) {
	t.seats[seat].graceStop = t.env.Clock.AfterFunc(t.env.Grace, func() { t.post(graceFired{seat: seat}) })
}

func (t *seating) heldSeats(token string) []int {
	seats := []int{}
	for i, s := range t.seats {
		if s.token != "" && s.token == token {
			seats = append(seats, i)
		}
	}
	return seats
}

func (t *seating) join(ctx context.Context, m joinReq) {
	c := m.c
	t.clients[c] = struct{}{}
	t.env.Metrics.Clients.Inc()
	changed := false
	for _, i := range t.heldSeats(c.Token()) {
		s := &t.seats[i]
		changed = changed || s.connected == 0
		s.connected++
		s.came = true
		if s.graceStop != nil {
			s.graceStop()
			s.graceStop = nil
		}
	}
	began := t.arrived()
	if began {
		t.checkCap(ctx)
	}
	resumed := !began && changed && t.back()
	t.deliver(c, t.welcome(c, c.Nickname()))
	// A client that saw event `since` gets what it missed, if it is not too
	// far behind; otherwise, and for a new client, the full state.
	evs, ok := t.missed(ctx, m.since)
	if !ok {
		evs = [][]byte{protocol.Encode(t.snapshot())}
	}
	for _, ev := range evs {
		t.deliver(c, ev)
	}
	if began {
		// The match begins: the whole state, its clock included.
		t.broadcast(protocol.Encode(t.snapshot()), c)
	} else {
		t.seatsChanged(c, changed)
	}
	if resumed {
		// The player's clock runs again: the others see it.
		t.broadcast(protocol.Encode(t.snapshot()), c)
	}
}

// welcome tells c the seats it holds, under nickname.
func (t *seating) welcome(c Client, nickname string) []byte {
	return protocol.Encode(protocol.WelcomeMsg{V: protocol.Version, Type: protocol.TypeWelcome, Table: t.id, Seq: t.seq, Seats: t.heldSeats(c.Token()), Nickname: nickname})
}

// leave takes c off the table: its connection ended, or the table
// dropped it (deliver); its seats show disconnected.
func (t *seating) leave(c Client) {
	if _, ok := t.clients[c]; !ok {
		return
	}
	delete(t.clients, c)
	t.env.Metrics.Clients.Dec()
	changed := false
	for _, i := range t.heldSeats(c.Token()) {
		s := &t.seats[i]
		s.connected--
		changed = changed || s.connected == 0
		if s.connected == 0 && t.started() && !t.over() {
			t.absent(i)
		}
	}
	t.seatsChanged(nil, changed)
}

// SeatsEvery is how often at most a table tells its clients how many
// spectators it has, when only that has changed: a crowd joining a table
// costs a message per client a second, not one per client per join.
const SeatsEvery = time.Second

// seatsChanged tells the clients (joined, if one did, too) about the seats:
// at once when a player came or went (changed), else, when only the
// spectators did, within SeatsEvery.
func (t *seating) seatsChanged(joined Client, changed bool) {
	if changed {
		if t.seatsStop != nil {
			t.seatsStop()
			t.seatsStop = nil
		}
		t.broadcastSeats()
		return
	}
	if joined != nil && t.seatsStop == nil {
		// The spectator count as it is now, for the one who came.
		t.deliver(joined, t.seatsMessage())
	}
	if t.seatsStop == nil {
		t.seatsStop = t.env.Clock.AfterFunc(SeatsEvery, func() { t.post(seatsDue{}) })
	}
}

// broadcastSeats sends everyone a seats message (docs/protocol.md): who
// sits where, who is connected, and how many watch.
func (t *seating) broadcastSeats() {
	t.seatsStop = nil
	t.broadcast(t.seatsMessage(), nil)
}

func (t *seating) seatsMessage() []byte {
	spectators := 0
	for c := range t.clients {
		if len(t.heldSeats(c.Token())) == 0 {
			spectators++
		}
	}
	return protocol.Encode(protocol.SeatsMsg{V: protocol.Version, Type: protocol.TypeSeats, Seq: t.seq, Seating: t.seatList(t.state), Spectators: spectators})
}

func (t *seating) sit(ctx context.Context, m sitReq) error {
	if m.seat < 0 || m.seat >= len(t.seats) {
		return fmt.Errorf("table: seat %d: this table has seats 0 to %d: %w", m.seat, len(t.seats)-1, ErrNoSeat)
	}
	if t.seats[m.seat].bot != nil {
		return fmt.Errorf("table: seat %d is the computer's: %w", m.seat, ErrSeatTaken)
	}
	s := &t.seats[m.seat]
	if s.token != "" && s.token != m.c.Token() {
		return fmt.Errorf("table: seat %d: %w", m.seat, ErrSeatTaken)
	}
	held := s.token != ""
	if !held && m.seat < len(t.cfg.Keep) && t.cfg.Keep[m.seat] != "" && !t.env.Keeps(t.cfg.Keep[m.seat], m.c) {
		return fmt.Errorf("table: seat %d is kept for its player of the match before: %w", m.seat, ErrSeatTaken)
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
	if err := t.env.Store.ClaimSeat(ctx, t.id, carrom.SeatRecord{Seat: m.seat, Token: m.c.Token(), Nickname: name}); err != nil {
		return err
	}
	if _, ok := t.clients[m.c]; ok {
		if s.token == "" {
			s.connected++
		}
		s.came = true
	}
	s.token, s.nickname = m.c.Token(), name
	// The clock starts when the last player sits down, if all are here.
	if t.arrived() {
		t.checkCap(ctx)
	}
	t.deliver(m.c, t.welcome(m.c, name))
	// A seat taken can start the match and its clock: the whole state.
	t.broadcast(protocol.Encode(t.snapshot()), nil)
	t.next(ctx)
	return nil
}

// seatName is the name seat m.seat takes, or keeps if this browser holds
// it already (held). A rated seat carries its account's name, always; a
// second "sit" of an unrated seat renames it to the nickname it gives, if
// any, while the match is on.
func (t *seating) seatName(ctx context.Context, m sitReq, held bool) (string, error) {
	if held {
		if t.cfg.Rated || m.nickname == "" || t.over() {
			return t.seats[m.seat].nickname, nil
		}
		return m.nickname, nil
	}
	if t.cfg.Rated {
		// The session's account, not only the token's, so that a browser
		// signed out (or into another account) takes no rated seat.
		if m.c.Account() == "" {
			return "", fmt.Errorf("table: a rated seat is an account's, taken on the table's page by its player signed in: sign in: %w", errNotSignedIn)
		}
		a, err := t.mayRate(ctx, m.seat, m.c.Token())
		if err != nil {
			return "", err
		}
		if a.ID != m.c.Account() {
			return "", fmt.Errorf("table: this browser plays for another account than the one signed in: sign in again: %w", errNotSignedIn)
		}
		return a.Name, nil
	}
	switch {
	case m.nickname != "":
		return m.nickname, nil
	case m.c.Nickname() != "":
		return m.c.Nickname(), nil
	}
	return fmt.Sprintf("Player %d", m.seat+1), nil
}
