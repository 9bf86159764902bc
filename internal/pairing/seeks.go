package pairing

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// The seeks: custom games listed in the lobby, each taken with one click
// by a player it admits (docs/pairing.md).
const (
	// MaxSeeks bounds the seeks listed at once.
	MaxSeeks = 1000
	// MaxRating bounds a seek's rating range.
	MaxRating = 4000
	// tellEvery is how often at most the lobbies are told the seeks have
	// changed.
	tellEvery = time.Second
)

// SeekClocks are the clocks a seek may have: none, or 15 or 30 s.
var SeekClocks = []int{0, 15, 30}

type seek struct {
	id      string
	by      Seeker
	spec    protocol.SeekSpec
	created time.Time
}

// CheckSeek refuses a seek no pool could hold, or whose rating range is
// not one, in words a player can act on.
func CheckSeek(sp protocol.SeekSpec) error {
	switch {
	case !slices.Contains(Rules, sp.Rules):
		return httpapi.Refuse(httpapi.ErrBadRequest, "a game is offered with the rules icf or family, not %q", sp.Rules)
	case !slices.Contains(SeekClocks, sp.Clock):
		return httpapi.Refuse(httpapi.ErrBadRequest, "a game is offered with no clock or a clock of 15 or 30 seconds a stroke, not %d", sp.Clock)
	case sp.Min < 0 || sp.Max < 0 || sp.Min > MaxRating || sp.Max > MaxRating:
		return httpapi.Refuse(httpapi.ErrBadRequest, "a rating range is from 0 to %d", MaxRating)
	case sp.Max > 0 && sp.Min > sp.Max:
		return httpapi.Refuse(httpapi.ErrBadRequest, "the lowest rating (%d) is above the highest (%d)", sp.Min, sp.Max)
	}
	return nil
}

// admits says whether who may take sk.
func (sk *seek) admits(who Seeker) error {
	switch {
	case who.Key == sk.by.Key:
		return httpapi.RefuseCoded(httpapi.ErrBadRequest, "own_seek", nil, "this game is your own offer: wait for an opponent, or cancel it")
	case sk.spec.Rated && who.Account == "":
		return httpapi.Refuse(ErrNotRated, "this game is rated, between accounts: sign in to play it")
	case sk.spec.Min > 0 && who.Rating < sk.spec.Min, sk.spec.Max > 0 && who.Rating > sk.spec.Max:
		return httpapi.RefuseCoded(ErrNotAdmitted, "seek_range", map[string]any{"Range": rangeText(sk.spec), "Rating": who.Rating},
			"this game is for players rated %s; yours is %d", rangeText(sk.spec), who.Rating)
	}
	return nil
}

// ErrNotAdmitted refuses a seek to a player outside its rating range.
var ErrNotAdmitted = httpapi.New(http.StatusForbidden, "not admitted")

func rangeText(sp protocol.SeekSpec) string {
	switch {
	case sp.Min > 0 && sp.Max > 0:
		return strconv.Itoa(sp.Min) + " to " + strconv.Itoa(sp.Max)
	case sp.Min > 0:
		return strconv.Itoa(sp.Min) + " or more"
	}
	return strconv.Itoa(sp.Max) + " or less"
}

// handleSeeks does a request at the holder of the seeks.
func (s *Service) handleSeeks(q request) (reply, error) {
	s.mu.Lock()
	h := s.held[seeksName]
	if h == nil {
		s.mu.Unlock()
		return reply{}, errMoving
	}
	h.used = s.env.Now()
	switch q.Op {
	case "seek":
		defer s.mu.Unlock()
		if q.Seek == nil {
			return reply{}, httpapi.Refuse(httpapi.ErrBadRequest, "a seek without its game")
		}
		// A new offer replaces the player's last.
		for id, sk := range h.seeks {
			if sk.by.Key == q.Seeker.Key {
				delete(h.seeks, id)
			}
		}
		if len(h.seeks) >= MaxSeeks {
			return reply{}, httpapi.RefuseCoded(ErrFull, "seeks_full", map[string]any{"Count": MaxSeeks}, "%d games are offered already, the most: play online, or offer yours in a moment", MaxSeeks)
		}
		sk := &seek{id: newID(), by: q.Seeker, spec: *q.Seek, created: s.env.Now()}
		h.seeks[sk.id] = sk
		s.seeksChanged = true
		return reply{Seeks: []protocol.Seek{sk.out(q.Seeker.Key)}}, nil
	case "list":
		defer s.mu.Unlock()
		out := reply{Seeks: []protocol.Seek{}}
		for _, sk := range h.seeks {
			out.Seeks = append(out.Seeks, sk.out(q.Seeker.Key))
		}
		slices.SortFunc(out.Seeks, func(a, b protocol.Seek) int { return h.seeks[a.ID].created.Compare(h.seeks[b.ID].created) })
		return out, nil
	case "accept":
		sk := h.seeks[q.ID]
		if sk == nil {
			s.mu.Unlock()
			return reply{}, httpapi.Refuse(ErrGone, "this game has been taken or withdrawn: choose another")
		}
		// The taker's rating in the seek's rules, which his node did not
		// know: it sent his rating in each.
		if r, ok := q.Ratings[sk.spec.Rules]; ok {
			q.Seeker.Rating = r
		}
		if sk.spec.Rated && q.Seeker.Playban != "" {
			s.mu.Unlock()
			return reply{}, httpapi.Refuse(ErrPlayban, "%s", q.Seeker.Playban)
		}
		if err := sk.admits(q.Seeker); err != nil {
			s.mu.Unlock()
			return reply{}, err
		}
		// Taken out first, so that of two clicks racing one plays.
		delete(h.seeks, sk.id)
		s.seeksChanged = true
		s.mu.Unlock()
		return s.startSeek(h, sk, q.Seeker)
	}
	s.mu.Unlock()
	return reply{}, httpapi.Refuse(httpapi.ErrBadRequest, "no seek request %q", q.Op)
}

// ErrGone refuses a seek that is no longer offered.
var ErrGone = httpapi.NewCoded(http.StatusGone, "seek_gone", "gone")

// startSeek makes the table of a seek taken and tells its player; if it
// cannot, the seek is offered again.
func (s *Service) startSeek(h *held, sk *seek, who Seeker) (reply, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	table, seatBy, seatWho, err := s.env.Start(ctx, sk.spec.PoolSpec, sk.by, who)
	if err != nil {
		s.mu.Lock()
		if s.held[seeksName] == h {
			h.seeks[sk.id] = sk
		}
		s.mu.Unlock()
		return reply{}, err
	}
	link := func(seat int) string { return "/t/" + table + "?seat=" + strconv.Itoa(seat) }
	s.env.Push(sk.by.Live, protocol.PairedMsg{V: protocol.Version, Type: "paired", Pool: sk.spec.PoolSpec, Table: table, Link: link(seatBy), Opponent: who.Name})
	s.log.Info("seek taken", "table", table, "rules", sk.spec.Rules)
	return reply{Status: protocol.PoolStatus{Pool: sk.spec.PoolSpec, Table: table, Link: link(seatWho), Opponent: sk.by.Name}}, nil
}

func (sk *seek) out(key string) protocol.Seek {
	return protocol.Seek{ID: sk.id, By: sk.by.Name, Rating: sk.by.Rating, SeekSpec: sk.spec, Mine: sk.by.Key == key}
}

// tellLobbies tells every lobby that the seeks held here have changed,
// once a second at most.
func (s *Service) tellLobbies(now time.Time) {
	s.mu.Lock()
	tell := s.seeksChanged && now.Sub(s.seeksTold) >= tellEvery
	if tell {
		s.seeksChanged, s.seeksTold = false, now
	}
	s.mu.Unlock()
	if tell {
		s.env.PushAll(protocol.SeeksMsg{V: protocol.Version, Type: "seeks"})
	}
}

func newID() string {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		panic("pairing: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}
