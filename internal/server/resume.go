package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// myTable is one of the browser's unfinished tables: Mine are its seats
// there, Resume the link that takes them again.
type myTable struct {
	protocol.TableInfo
	Mine   []int  `json:"mine"`
	Resume string `json:"resume"`
}

// myTables lists the unfinished tables where this browser holds a seat,
// newest first: the lobby's and the header's "Resume your game". A seat
// is held by a browser (its identity), not by an account: the account's
// games in another browser are that browser's to resume.
func (s *Server) myTables(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	recs, err := s.store.Tables(ctx, false)
	if err != nil {
		apiError(w, err)
		return
	}
	tok := token(r)
	mine := map[string][]int{}
	for _, rec := range recs {
		for _, st := range rec.Seats {
			if st.Token == tok {
				mine[rec.ID] = append(mine[rec.ID], st.Seat)
			}
		}
	}
	out := []myTable{}
	for _, rec := range recs {
		seats := mine[rec.ID]
		if len(seats) == 0 {
			continue
		}
		ti, err := info(rec)
		if err != nil {
			continue
		}
		slices.Sort(seats)
		q := make([]string, len(seats))
		for i, seat := range seats {
			q[i] = fmt.Sprintf("seat=%d", seat)
		}
		out = append(out, myTable{TableInfo: ti, Mine: seats, Resume: "/t/" + rec.ID + "?" + strings.Join(q, "&")})
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}
