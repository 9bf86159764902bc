package server

import (
	"context"
	"sync"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/record"
)

// Why a finished match ended before it was played out, as a profile
// tells it: its last action.
const (
	endedLeft     = "left"     // a player left it (a forfeit, RULES TM-3)
	endedConceded = "conceded" // a player conceded it (RULES G-4)
)

// endings keeps why finished matches ended, which never changes; when
// full it starts again, as tallies does.
type endings struct {
	mu sync.Mutex
	m  map[string]string
}

// ending is why the finished match of table id ended: endedLeft,
// endedConceded, or "" if it was played out (or its record is unreadable).
func (s *Server) ending(ctx context.Context, id string) string {
	s.ended.mu.Lock()
	why, ok := s.ended.m[id]
	s.ended.mu.Unlock()
	if ok {
		return why
	}
	actions, err := s.store.Actions(ctx, id)
	if err != nil || len(actions) == 0 {
		return ""
	}
	a, err := record.ParseAction(actions[len(actions)-1].Action)
	if err != nil {
		return ""
	}
	switch {
	case a.Kind == game.Forfeit && a.Rule == "TM-3":
		why = endedLeft
	case a.Kind == game.Concede:
		why = endedConceded
	}
	s.ended.mu.Lock()
	if s.ended.m == nil || len(s.ended.m) >= maxTallies {
		s.ended.m = map[string]string{}
	}
	s.ended.m[id] = why
	s.ended.mu.Unlock()
	return why
}
