package tournament

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// loggedText is a log entry as it is stored since the page says the log
// in the reader's language: a stable code, the values its sentence names
// (as the catalogues' placeholders: "Round", "Board"…) and its English
// text. An older entry is its English text alone, shown as it is.
type loggedText struct {
	Code   string         `json:"code"`
	Params map[string]any `json:"params,omitempty"`
	Text   string         `json:"text"`
}

// logEntry is an entry of the log of round at at: its code, the values it
// names and its English text (docs/tournaments.md).
func logEntry(at time.Time, round int, code string, params map[string]any, text string) carrom.TournamentLog {
	// Numbers, strings and lists of them always encode.
	b, _ := json.Marshal(loggedText{Code: code, Params: params, Text: text})
	return carrom.TournamentLog{At: at, Round: round, Text: string(b)}
}

// logView is a stored entry as the page reads it: its English text, and
// its code and values if it has them.
func logView(e carrom.TournamentLog) LogView {
	v := LogView{At: e.At.UTC().Format("2006-01-02 15:04"), Round: e.Round, Text: e.Text}
	var lt loggedText
	if strings.HasPrefix(e.Text, `{"code":`) && json.Unmarshal([]byte(e.Text), &lt) == nil && lt.Code != "" {
		v.Text, v.Code, v.Params = lt.Text, lt.Code, lt.Params
	}
	return v
}
