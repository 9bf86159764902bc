package server_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestReplayGolden: the replay of a stored match, whole and in stretches,
// is the same bytes as ever
// (testdata/replay.golden): a computer seat taken, a human one named, a
// strike's trajectory and a concession's ruling. It is made without a
// table, so a server without computer players gives the same.
func TestReplayGolden(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	ann := e.player()
	id := ann.create(withComputer(7))
	c := ann.connect(id, 0)
	c.next("welcome")
	c.send(protocol.Sit(0, "Ann"))
	rng := rand.New(rand.NewPCG(3, 4))
	for strokes := 0; ; strokes++ {
		st := c.untilMine(0)
		if st.Over {
			break
		}
		if strokes >= 2 && st.ToAct.Need == "strike" {
			c.send(protocol.Concede("match"))
		} else {
			c.send(myMove(st, rng))
		}
		c.next("event")
	}
	var got bytes.Buffer
	for _, q := range []string{"", "?from=3&to=5", "?to=0", "?from=99"} {
		code, body := ann.do("GET", "/api/matches/"+id+"/replay"+q, "")
		fmt.Fprintf(&got, "GET replay%s: %d\n%s", q, code, strings.ReplaceAll(body, id, "ID"))
	}
	_, whole := ann.do("GET", "/api/matches/"+id+"/replay", "")
	if _, again := ann.do("GET", "/api/matches/"+id+"/replay?from=1", ""); again != whole {
		t.Errorf("the replay kept differs from the replay made")
	}
	const name = "testdata/replay.golden"
	if *update {
		if err := os.WriteFile(name, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("the replays differ from %s (go test -run TestReplayGolden -update rewrites it):\n%.2000s", name, got.String())
	}

	// A replay makes no table, so it needs no computer player: a server
	// without them gives the same bytes.
	e.close()
	e2 := newEnvWith(t, dir, newFakeClock(), func(c *server.Config) { c.Bots = nil })
	ann.Base = e2.http.URL
	if code, again := ann.do("GET", "/api/matches/"+id+"/replay", ""); code != http.StatusOK || again != whole {
		t.Errorf("the replay on a server without computer players: %d %.300s; want the same bytes", code, again)
	}
}
