package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/pgtest"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

// playMoves makes n moves at a table seated with conns (seat i = conns[i])
// and returns the last event.
func playMoves(t *testing.T, ctx context.Context, conns [2]*servertest.Conn, n int, rng *rand.Rand) servertest.Message {
	t.Helper()
	var view *protocol.GameState
	for moves := 0; moves < n; {
		m, err := conns[0].Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.State != nil {
			view = m.State
		}
		if m.Type == "error" {
			t.Fatalf("server refused a move: %s", m.Error)
		}
		if (m.Type == "event" || m.Type == "state") && view.Started && !view.Over && (m.Type == "event" || moves == 0) {
			if err := conns[view.ToAct.Seat].Send(ctx, servertest.Move(view, rng)); err != nil {
				t.Fatal(err)
			}
			moves++
		}
	}
	// Wait for the last move's event.
	for {
		m, err := conns[0].Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "event" {
			return m
		}
	}
}

// TestServerSurvivesSIGKILL kills the server process during play and
// restarts it on the same data directory (or PostgreSQL database): every
// table goes on identically.
func TestServerSurvivesSIGKILL(t *testing.T) {
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) { survivesSIGKILL(t, kind) })
	}
}

func survivesSIGKILL(t *testing.T, kind string) {
	exe := carromBinary(t)
	data := t.TempDir()
	var args []string
	if kind == "postgres" {
		args = []string{"-store", pgtest.URL(t)}
	}
	srv, err := servertest.StartServer(exe, data, os.Stderr, args...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// A second server on the same data refuses to start: its copies of the
	// tables could never store an action.
	if kind == "sqlite" {
		if out, err := exec.CommandContext(ctx, exe, "serve", "-addr", "127.0.0.1:0", "-data", data).CombinedOutput(); err == nil || !strings.Contains(string(out), "in use by another carrom server") {
			t.Fatalf("a second carrom serve on %s: %v\n%s", data, err, out)
		}
	}
	var (
		players [2]*servertest.Client
		conns   [2]*servertest.Conn
	)
	for i := range players {
		if players[i], err = servertest.NewClient(ctx, srv.URL); err != nil {
			t.Fatal(err)
		}
	}
	id, err := players[0].CreateTable(ctx, servertest.Humans(2, 11))
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range players {
		if conns[i], err = p.Connect(ctx, id, 0); err != nil {
			t.Fatal(err)
		}
		if err := conns[i].Send(ctx, protocol.Sit(i, "")); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	last := playMoves(t, ctx, conns, 8, rng)

	srv.Kill()
	srv, err = servertest.StartServer(exe, data, os.Stderr, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	// The same browsers (cookies) come back: Bob holds seat 1 again and
	// sees the table exactly as it was.
	for i, p := range players {
		p.Base = srv.URL
		if conns[i], err = p.Connect(ctx, id, 0); err != nil {
			t.Fatal(err)
		}
		w, err := conns[i].Read(ctx)
		if err != nil || w.Type != "welcome" || !slices.Equal(w.Seats, []int{i}) {
			t.Fatalf("player %d after the restart: %+v, %v; want seat %d", i, w, err, i)
		}
		st, err := conns[i].Read(ctx)
		if err != nil || st.Type != "state" || st.Seq != last.Seq || !reflect.DeepEqual(st.State.Pieces, last.State.Pieces) || !reflect.DeepEqual(st.State.ToAct, last.State.ToAct) {
			t.Fatalf("player %d after the restart: seq %d, to act %+v; want seq %d, to act %+v and the same pieces", i, st.Seq, st.State.ToAct, last.Seq, last.State.ToAct)
		}
	}
	// And the match goes on, from the state each has (a player's coming
	// back sends the others his seat's connection, not the state).
	if err := conns[last.State.ToAct.Seat].Send(ctx, servertest.Move(last.State, rng)); err != nil {
		t.Fatal(err)
	}
	if next := playMoves(t, ctx, conns, 0, rng); next.Seq != last.Seq+1 {
		t.Errorf("first move after the restart has seq %d; want %d", next.Seq, last.Seq+1)
	}
}

var build struct {
	once sync.Once
	dir  string
	err  error
}

// carromBinary builds the binary once for the tests that run it as a
// process; TestMain removes it.
func carromBinary(t *testing.T) string {
	t.Helper()
	build.once.Do(func() {
		if build.dir, build.err = os.MkdirTemp("", "carrom-test-"); build.err != nil {
			return
		}
		if out, err := exec.Command("go", "build", "-o", filepath.Join(build.dir, "carrom"), ".").CombinedOutput(); err != nil {
			build.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if build.err != nil {
		t.Fatal(build.err)
	}
	return filepath.Join(build.dir, "carrom")
}

func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if build.dir != "" {
		os.RemoveAll(build.dir)
	}
	os.Exit(code)
}

// TestServeByDefault: "carrom -addr X" serves, since serving is the
// default command; its first log line gives the address it listens on, and
// SIGINT stops it cleanly.
func TestServeByDefault(t *testing.T) {
	exe := carromBinary(t)
	data := t.TempDir()
	cmd := exec.Command(exe, "-addr", "127.0.0.1:0", "-data", data)
	logs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(logs)
	if !sc.Scan() {
		t.Fatalf("carrom -addr 127.0.0.1:0 logged nothing: %v", sc.Err())
	}
	var first struct{ Level, Msg, URL, Data string }
	if err := json.Unmarshal(sc.Bytes(), &first); err != nil || first.Level != "INFO" || first.Msg != "listening" || first.Data != data || !strings.HasPrefix(first.URL, "http://127.0.0.1:") {
		t.Fatalf("first log line %s (%v); want an INFO line \"listening\" with the url and the data directory", sc.Bytes(), err)
	}
	go io.Copy(io.Discard, logs)
	resp, err := http.Get(first.URL + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %shealthz: %s", first.URL, resp.Status)
	}
	if _, err := os.Stat(filepath.Join(data, "carrom.db")); err != nil {
		t.Errorf("the data directory has no database: %v", err)
	}
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		t.Errorf("carrom after SIGINT: %v; want exit 0", err)
	}
}
