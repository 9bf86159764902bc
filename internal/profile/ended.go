package profile

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
func (h *Profiles) ending(ctx context.Context, id string) string {
	h.ended.mu.Lock()
	why, ok := h.ended.m[id]
	h.ended.mu.Unlock()
	if ok {
		return why
	}
	actions, err := h.env.Store.Actions(ctx, id)
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
	h.ended.mu.Lock()
	if h.ended.m == nil || len(h.ended.m) >= maxTallies {
		h.ended.m = map[string]string{}
	}
	h.ended.m[id] = why
	h.ended.mu.Unlock()
	return why
}
