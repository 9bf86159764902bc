package account

import (
	"net/http"
	"unicode/utf8"

	"github.com/carrom-game/carrom/internal/httpapi"
)

// searchPlayers answers GET /api/players?prefix=an with the names of the
// accounts that begin with it, in any case: {"players": ["ann", "Andy"]}.
func (s *Service) searchPlayers(w http.ResponseWriter, r *http.Request) {
	if err := httpapi.Take(s.limit.searchAddr, nil, s.Address(r), "", s.Clock.Now(), "player searches"); err != nil {
		fail(w, err)
		return
	}
	prefix := r.URL.Query().Get("prefix")
	if !utf8.ValidString(prefix) || utf8.RuneCountInString(prefix) > searchPrefixMax {
		fail(w, httpapi.Refuse(httpapi.ErrBadRequest, "the prefix to search names by is text of at most %d characters", searchPrefixMax))
		return
	}
	names, err := s.Store.NamesByPrefix(r.Context(), prefix, searchNames)
	if err != nil {
		fail(w, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"players": names})
}
