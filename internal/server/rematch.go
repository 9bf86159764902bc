package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/cluster"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// rematches makes the finished tables again. mu makes this node's
// rematches one at a time, so that a request that finds a rematch linked
// here finds it made.
type rematches struct {
	mu      sync.Mutex
	store   Store
	clock   Clock
	log     *slog.Logger
	matches *matches
	live    *liveHub
	// create makes a table whose ID is chosen (Server.createAs), and tell
	// has the old table tell its clients (Server.tellRematch).
	create func(ctx context.Context, id, owner string, cfg protocol.TableConfig, claims []carrom.SeatRecord) (string, error)
	tell   func(ctx context.Context, id, next string)
}

// rematch makes the same table again for the players of a finished match
// and tells everyone still at the old table: the asker sits at his seats,
// and each other player's seats are kept for him, to take with a click of
// his own (nobody is made to play, and lose, a match he did not ask for).
// A second request for the same match, on any node, gets the same new
// table, whose seats the asker then takes from its page.
func (m *rematches) rematch(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	rec, ti, err := m.matches.record(ctx, id)
	if err != nil {
		apiError(w, err)
		return
	}
	if ti.Finished == nil {
		apiError(w, fmt.Errorf("server: table %s: the match is not over: %w", id, ErrBadConfig))
		return
	}
	tok := token(r)
	var seats []int
	for _, st := range rec.Seats {
		if st.Token == tok {
			seats = append(seats, st.Seat)
		}
	}
	if len(seats) == 0 {
		apiError(w, fmt.Errorf("server: table %s: a rematch is for its players: %w", id, ErrNotInvited))
		return
	}
	next, err := m.makeRematch(ctx, tok, id, ti.Config, rec.Seats)
	if err != nil {
		apiError(w, err)
		return
	}
	link := "/t/" + next
	for i, seat := range seats {
		link += map[bool]string{true: "?", false: "&"}[i == 0] + fmt.Sprintf("seat=%d", seat)
	}
	httpapi.WriteJSON(w, http.StatusCreated, map[string]any{"table": next, "link": link, "seats": seats})
}

// makeRematch returns the rematch of a finished table, making it if no
// request has, with the seats of tok (the asker) taken and the others of
// seats kept for their holders. Its ID is linked to the old table in the
// store first, in one step, so that of two requests racing on two nodes
// one makes the table and both answer it; the one that makes it tells the
// old table's clients, through the table's owner if that is another node.
func (m *rematches) makeRematch(ctx context.Context, tok, id string, cfg protocol.TableConfig, seats []carrom.SeatRecord) (string, error) {
	m.mu.Lock()
	want := newID(6)
	next, err := m.store.LinkRematch(ctx, id, want)
	if err == nil && next == want {
		cfg.Seed = 0
		cfg.Keep = make([]string, cfg.Players)
		var claims []carrom.SeatRecord
		for _, st := range seats {
			switch {
			case st.Token == tok:
				claims = append(claims, st)
			case st.Seat >= 0 && st.Seat < cfg.Players:
				cfg.Keep[st.Seat] = hashSession(st.Token)
			}
		}
		if _, err = m.create(ctx, next, tok, cfg, claims); err != nil {
			// Unlinked, so that the next request makes the rematch anew.
			if uerr := m.store.UnlinkRematch(context.WithoutCancel(ctx), id, next); uerr != nil {
				m.log.Error("forgetting a rematch not made", "table", id, "rematch", next, "err", uerr)
			}
		}
	}
	m.mu.Unlock()
	switch {
	case err != nil:
		return "", err
	case next == want:
		m.tell(ctx, id, next)
		m.live.pushRematch(id, next, tok, seats)
		return next, nil
	}
	// Linked by another request: on another node it may still be on its
	// way to the store, where a client joining it looks first.
	deadline := m.clock.Now().Add(cluster.JoinWait)
	for {
		_, err := m.store.Table(ctx, next)
		if !errors.Is(err, carrom.ErrNotFound) {
			return next, err
		}
		if m.clock.Now().After(deadline) {
			return "", fmt.Errorf("server: table %s: its rematch %s is not made yet, ask again: %w", id, next, carrom.ErrNoOwner)
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// tellRematch has the old table tell its clients, at every node, of its
// rematch: here if this node runs it, else through its owner. A table no
// node runs has no client left to tell.
func (s *Server) tellRematch(ctx context.Context, id, next string) {
	if t := s.table(id); t != nil {
		t.Rematch(next)
		return
	}
	if s.cluster == nil {
		return
	}
	if err := s.node.Rematch(ctx, id, next); err != nil && !errors.Is(err, carrom.ErrNoOwner) {
		s.log.Warn("telling the table's owner of the rematch", "table", id, "err", err)
	}
}
