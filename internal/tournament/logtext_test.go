package tournament

import (
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// TestLogView: an entry stored with its code reads back its English text,
// code and values; one stored before codes, as English text, is shown as
// it is.
func TestLogView(t *testing.T) {
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	e := logEntry(at, 2, "bell_draw", map[string]any{"Round": 2, "A": "Ann"}, "round 2, board 1: a draw at the bell, 0-0")
	v := logView(e)
	if v.Text != "round 2, board 1: a draw at the bell, 0-0" || v.Code != "bell_draw" || v.Params["A"] != "Ann" || v.Params["Round"] != 2.0 || v.At != "2026-11-27 10:00" {
		t.Errorf("a coded entry reads %+v", v)
	}
	for _, old := range []string{"round 1 corrected by hand: board 1: Ann v Bob (was Ann v Cyd)", `{"board": 1} typed by hand`} {
		if v := logView(carrom.TournamentLog{At: at, Round: 1, Text: old}); v.Text != old || v.Code != "" || v.Params != nil {
			t.Errorf("an entry stored as text, %q, reads %+v; want it as it is", old, v)
		}
	}
}
