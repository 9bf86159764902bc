package server

import (
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/carrom-game/carrom/internal/httpapi"
)

// The player search answers a name being typed: at most 10 names, for a
// prefix of at most 64 characters; each address may ask 60 times, then
// twice a second (a keystroke each).
const (
	searchNames     = 10
	searchPrefixMax = 64
)

var searchAddrLimit = httpapi.Limit{Every: 500 * time.Millisecond, Burst: 60}

// searchPlayers answers GET /api/players?prefix=an with the names of the
// accounts that begin with it, in any case: {"players": ["ann", "Andy"]}.
func (s *Server) searchPlayers(w http.ResponseWriter, r *http.Request) {
	if err := httpapi.Take(s.searchAddr, nil, address(r), "", s.clock.Now(), "player searches"); err != nil {
		apiError(w, err)
		return
	}
	prefix := r.URL.Query().Get("prefix")
	if !utf8.ValidString(prefix) || utf8.RuneCountInString(prefix) > searchPrefixMax {
		apiError(w, httpapi.Refuse(httpapi.ErrBadRequest, "the prefix to search names by is text of at most %d characters", searchPrefixMax))
		return
	}
	names, err := s.accounts.NamesByPrefix(r.Context(), prefix, searchNames)
	if err != nil {
		apiError(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"players": names})
}
