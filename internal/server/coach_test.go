package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/coach"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

func withCoach(t *testing.T) *env {
	c, err := coach.New()
	if err != nil {
		t.Fatal(err)
	}
	return newEnvWith(t, t.TempDir(), newFakeClock(), func(cfg *server.Config) { cfg.Coach = c })
}

type practiced struct {
	Position string          `json:"position"`
	State    json.RawMessage `json:"state"`
	Event    *struct {
		Outcome struct {
			Trajectory json.RawMessage `json:"trajectory"`
		} `json:"outcome"`
	} `json:"event"`
	Hint *protocol.Hint `json:"hint"`
}

// TestPractice: a position string played on by a stroke gives the next
// position; the same request again (an undo and a try again) gives the
// same answer; a hint comes with its chance, and its shot is one the
// table accepts; bad input is refused in the server's words.
func TestPractice(t *testing.T) {
	e := withCoach(t)
	p := e.player()
	tb, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	start := record.FormatPosition(tb.Setup())
	post := func(body string) (int, practiced, string) {
		t.Helper()
		code, text := p.do("POST", "/api/practice", body)
		var out practiced
		if code == http.StatusOK {
			if err := json.Unmarshal([]byte(text), &out); err != nil {
				t.Fatalf("practice answer %s: %v", text, err)
			}
		}
		return code, out, text
	}
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }

	// The empty position is the start of a board; a piece moved by hand
	// moves in the position string.
	if code, o, text := post(`{"position":""}`); code != http.StatusOK || o.Position != start {
		t.Errorf("the empty position: %d %s; want %q", code, text, start)
	} else if !strings.Contains(string(o.State), `"started":true`) {
		// The page offers the striker only in a match begun.
		t.Errorf("practice's state is not started: %s", o.State)
	}
	if code, o, text := post(`{"position":"","moved":[{"id":"w1","kind":"white","x":0.2,"y":0.25}]}`); code != http.StatusOK || !strings.Contains(o.Position, " w1 0.2,0.25 ") {
		t.Errorf("w1 moved to (0.2, 0.25): %d %s", code, text)
	}

	code, h, text := post(fmt.Sprintf(`{"position":%s,"hint":true}`, q(start)))
	if code != http.StatusOK || h.Hint == nil {
		t.Fatalf("a hint at the break: %d %s", code, text)
	}
	if h.Position != start || h.Event != nil {
		t.Errorf("a hint alone changed the position: %q, event %v", h.Position, h.Event)
	}
	if s := h.Hint.Success; s < 0 || s > 1 {
		t.Errorf("hint success %v; want 0..1", s)
	}
	stroke := fmt.Sprintf(`{"v":1,"type":"strike","x":%v,"dir":[%v,%v],"speed":%v}`, h.Hint.X, h.Hint.Dir[0], h.Hint.Dir[1], h.Hint.Speed)
	body := fmt.Sprintf(`{"position":%s,"action":%s}`, q(start), stroke)
	code, a, text := post(body)
	if code != http.StatusOK || a.Event == nil || len(a.Event.Outcome.Trajectory) == 0 {
		t.Fatalf("the hint's stroke: %d %s", code, text)
	}
	if a.Position == start {
		t.Error("the stroke left the position as it was")
	}
	if _, err := record.ParsePosition(a.Position); err != nil {
		t.Errorf("the position after the stroke does not read back: %v", err)
	}
	if _, b, _ := post(body); b.Position != a.Position || string(b.State) != string(a.State) {
		t.Errorf("the same stroke again gave %q; want %q", b.Position, a.Position)
	}
	// The solo clearance: one seat, from the break; its positions are
	// played on as any other.
	code, solo, text := post(`{"position":"","solo":true}`)
	if code != http.StatusOK || !strings.HasPrefix(solo.Position, "solo 1 | turn 0 stroke | ") {
		t.Fatalf("a solo clearance: %d %s", code, text)
	}
	brk := `{"v":1,"type":"strike","x":0,"angle":90,"power":1}`
	if code, o, text := post(fmt.Sprintf(`{"position":%s,"action":%s}`, q(solo.Position), brk)); code != http.StatusOK || o.Event == nil || !strings.HasPrefix(o.Position, "solo 1 | turn 0 ") {
		t.Errorf("the break of a solo clearance: %d %s", code, text)
	}
	for _, bad := range []string{
		fmt.Sprintf(`{"position":%s,"solo":true}`, q(start)),
		`{"position":"icf 2 | nonsense"}`,
		fmt.Sprintf(`{"position":%s,"action":{"v":1,"type":"concede","what":"match"}}`, q(start)),
		fmt.Sprintf(`{"position":%s,"action":{"v":1,"type":"strike","x":9,"angle":90,"power":0.5}}`, q(start)),
		`{"position":1}`,
		`{"position":"","moved":[{"id":"w1","kind":"white","x":0,"y":0}]}`,
		`{"position":"","moved":[{"id":"w99","kind":"white","x":0.2,"y":0.2}]}`,
		`{"position":"","moved":[{"id":"w1","kind":"black","x":0.2,"y":0.2}]}`,
	} {
		if code, text := p.do("POST", "/api/practice", bad); code != http.StatusBadRequest || !strings.Contains(text, `"error":`) || strings.Contains(text, "server:") {
			t.Errorf("POST /api/practice %s = %d %s; want 400 in plain words, without Go's package prefixes", bad, code, text)
		}
	}
}

// TestTableHint: the player to strike at a table with the computer gets
// a hint; a spectator, and a table of humans only, do not.
func TestTableHint(t *testing.T) {
	e := withCoach(t)
	ann, eve := e.player(), e.player()
	id := ann.create(withComputer(3))
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	c.untilMine(0)
	code, text := ann.do("POST", "/api/tables/"+id+"/hint", "")
	var h protocol.Hint
	if code != http.StatusOK || json.Unmarshal([]byte(text), &h) != nil {
		t.Fatalf("Ann's hint: %d %s", code, text)
	}
	if h.Success < 0 || h.Success > 1 || h.Speed <= 0 {
		t.Errorf("Ann's hint %+v", h)
	}
	if code, text := eve.do("POST", "/api/tables/"+id+"/hint", ""); code != http.StatusConflict {
		t.Errorf("a spectator's hint: %d %s; want 409", code, text)
	}
	humans := ann.create(protocol.TableConfig{Rules: "icf", Players: 2, Seats: []protocol.SeatConfig{{Kind: "human"}, {Kind: "human"}}})
	if code, text := ann.do("POST", "/api/tables/"+humans+"/hint", ""); code != http.StatusConflict {
		t.Errorf("a hint at a table of humans: %d %s; want 409", code, text)
	}
	if code, _ := ann.do("POST", "/api/tables/ffff/hint", ""); code != http.StatusNotFound {
		t.Errorf("a hint at no table: %d; want 404", code)
	}
}
