package server

import (
	"fmt"
	"net/http"
)

// rematchMsg tells the clients of a finished table that a rematch is
// ready at Rematch, with every player's seat taken for him.
type rematchMsg struct {
	V       int    `json:"v"`
	Type    string `json:"type"` // "rematch"
	Table   string `json:"table"`
	Rematch string `json:"rematch"`
}

// rematchReq asks a table's goroutine to tell its clients of the rematch.
type rematchReq struct{ id string }

// maxRematches bounds the memory of rematches made; when full it starts
// again (a later request then makes a second table, nothing worse).
const maxRematches = 4096

// rematch makes the same table again for the players of a finished match,
// each at his seat, and tells everyone still at the old table; a second
// request for the same match gets the same new table.
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	rec, ti, err := s.record(ctx, id)
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
	s.mu.Lock()
	next, made := s.rematches[id]
	s.mu.Unlock()
	if !made {
		cfg := ti.Config
		cfg.Seed = 0
		next, err = s.createClaimed(ctx, tok, cfg, rec.Seats)
		if err != nil {
			apiError(w, err)
			return
		}
		s.mu.Lock()
		if len(s.rematches) >= maxRematches {
			s.rematches = map[string]string{}
		}
		s.rematches[id] = next
		s.mu.Unlock()
		if t := s.table(id); t != nil {
			t.post(rematchReq{id: next})
		}
	}
	link := "/t/" + next
	for i, seat := range seats {
		link += map[bool]string{true: "?", false: "&"}[i == 0] + fmt.Sprintf("seat=%d", seat)
	}
	writeJSON(w, http.StatusCreated, map[string]any{"table": next, "link": link, "seats": seats})
}

func (t *table) offerRematch(m rematchReq) {
	t.broadcast(encode(rematchMsg{V: ProtocolVersion, Type: "rematch", Table: t.id, Rematch: m.id}), nil)
}
