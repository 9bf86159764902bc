package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

// TestExportedRecordReplays plays a short match on a real server with a
// SQLite file, the README's stroke first, and exports it as a match
// record: the record replays bit for bit (as carrom replay does), and the
// README's stroke ended at the time carrom sim gives it.
func TestExportedRecordReplays(t *testing.T) {
	e := newEnv(t, t.TempDir())
	ann := e.player()
	id := ann.create(withComputer(11))
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	c.untilMine(0)

	x, angle, speed := 0.0, 90.0, 4.0
	c.send(protocol.ClientMsg{Type: "strike", X: &x, Angle: &angle, Speed: &speed})
	ev := c.next("event")
	sim, err := physics.NewSimulator(physics.Default())
	if err != nil {
		t.Fatal(err)
	}
	var simmed struct{ Time float64 }
	if err := json.Unmarshal(record.SimLine(sim, []byte(`{"shot": {"x": 0.0, "angle": 90, "speed": 4.0}}`)), &simmed); err != nil {
		t.Fatal(err)
	}
	if tr := ev.Outcome.Trajectory; tr == nil || tr.Time != simmed.Time || simmed.Time != 1.3343611468272836 {
		t.Fatalf("the README stroke through the server ends at %v, through carrom sim at %v; want both 1.3343611468272836", tr, simmed.Time)
	}

	rng := rand.New(rand.NewPCG(3, 4))
	for strokes := 0; ; strokes++ {
		st := c.untilMine(0)
		if st.Over {
			break
		}
		if strokes == 4 {
			c.send(protocol.Concede("match"))
		} else {
			c.send(myMove(st, rng))
		}
		c.next("event")
	}

	code, text := ann.do("GET", "/api/matches/"+id+".txt", "")
	if code != http.StatusOK {
		t.Fatalf("GET /api/matches/%s.txt: %d %s", id, code, text)
	}
	req, err := http.NewRequest("GET", e.http.URL+"/api/matches/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/plain")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("GET /api/matches/%s with Accept: text/plain: %d, %s; want the record as text", id, resp.StatusCode, ct)
	}

	r, err := record.Parse(text)
	if err != nil {
		t.Fatalf("the exported record does not parse: %v\n%s", err, text)
	}
	if r.Result != "0-1" || len(r.Names) != 2 || r.Names[0] != "Ann" || r.Names[1] != "computer test" || r.Seed != "11" {
		t.Errorf("headers: result %s, names %q, seed %s; want 0-1, Ann and computer test, 11", r.Result, r.Names, r.Seed)
	}
	if first := r.Actions[0]; first.Time != simmed.Time {
		t.Errorf("the record's first stroke lasted %v; want %v", first.Time, simmed.Time)
	}
	if _, err := record.Replay(r, physics.Default(), nil); err != nil {
		t.Errorf("the exported record does not replay: %v\n%s", err, text)
	}
	if record.Format(r) != text {
		t.Errorf("the export is not canonical text")
	}
}
