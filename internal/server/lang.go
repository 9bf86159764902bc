package server

import (
	"encoding/json"
	"net/http"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/i18n"
	"github.com/carrom-game/carrom/rules/laws"
)

// languageJSON is what GET /api/i18n answers: the reader's language, its
// direction, the rule book it cites, the languages offered, every rule's
// citations and the language's catalogue as its file has it.
type languageJSON struct {
	Lang      string                            `json:"lang"`
	Dir       string                            `json:"dir"`
	Book      laws.Book                         `json:"book"`
	Languages []i18n.Language                   `json:"languages"`
	Laws      map[string]map[laws.Book][]string `json:"laws"`
	Messages  json.RawMessage                   `json:"messages"`
}

// language answers the page's words: in the signed-in player's language
// (his account's setting, on any browser), else the one the "lang" cookie
// names (the header's menu sets it), else the best of Accept-Language.
func (s *Server) language(w http.ResponseWriter, r *http.Request) {
	cookie := ""
	if c, err := r.Cookie("lang"); err == nil {
		cookie = c.Value
	}
	if v, err := account.Of(r); err == nil && v.Account.Lang != "" {
		cookie = v.Account.Lang
	}
	l := i18n.Choose(cookie, r.Header.Get("Accept-Language"))
	msgs, _ := i18n.Catalogue(l.Tag)
	w.Header().Set("Vary", "Cookie, Accept-Language")
	w.Header().Set("Content-Language", l.Tag)
	w.Header().Set("Cache-Control", "no-cache")
	httpapi.WriteJSON(w, http.StatusOK, languageJSON{Lang: l.Tag, Dir: l.Dir, Book: l.Book, Languages: i18n.Languages, Laws: laws.All(), Messages: msgs})
}
