package main

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"
)

// play makes n moves at a table seated with players (seat i = players[i])
// and returns the last event.
func playMoves(t *testing.T, ctx context.Context, players [2]*wsPlayer, n int, rng *rand.Rand) serverMsg {
	t.Helper()
	var view *tableView
	for moves := 0; moves < n; {
		m, err := players[0].read(ctx)
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
			if err := players[view.ToAct.Seat].send(ctx, move(view, rng)); err != nil {
				t.Fatal(err)
			}
			moves++
		}
	}
	// Wait for the last move's event.
	for {
		m, err := players[0].read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "event" {
			return m
		}
	}
}

// TestServerSurvivesSIGKILL kills the server process during play and
// restarts it on the same data directory: every table goes on identically.
func TestServerSurvivesSIGKILL(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "carrom")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data := t.TempDir()
	srv, err := startServe(exe, data, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var players [2]*wsPlayer
	for i := range players {
		if players[i], err = newWSPlayer(srv.url); err != nil {
			t.Fatal(err)
		}
	}
	id, err := players[0].createTable(ctx, `{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":11}`)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range players {
		if err := p.connect(ctx, id, 0); err != nil {
			t.Fatal(err)
		}
		if err := p.send(ctx, map[string]any{"v": 1, "type": "sit", "seat": i}); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	last := playMoves(t, ctx, players, 8, rng)

	if err := srv.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait()
	srv, err = startServe(exe, data, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop()
	// The same browsers (cookies) come back: Bob holds seat 1 again and
	// sees the table exactly as it was.
	for i, p := range players {
		p.base = srv.url
		if err := p.connect(ctx, id, 0); err != nil {
			t.Fatal(err)
		}
		w, err := p.read(ctx)
		if err != nil || w.Type != "welcome" || !slices.Equal(w.Seats, []int{i}) {
			t.Fatalf("player %d after the restart: %+v, %v; want seat %d", i, w, err, i)
		}
		st, err := p.read(ctx)
		if err != nil || st.Type != "state" || st.Seq != last.Seq || string(st.State.Pieces) != string(last.State.Pieces) || !reflect.DeepEqual(st.State.ToAct, last.State.ToAct) {
			t.Fatalf("player %d after the restart: seq %d, to act %+v; want seq %d, to act %+v and the same pieces", i, st.Seq, st.State.ToAct, last.Seq, last.State.ToAct)
		}
	}
	// And the match goes on.
	if next := playMoves(t, ctx, players, 1, rng); next.Seq != last.Seq+1 {
		t.Errorf("first move after the restart has seq %d; want %d", next.Seq, last.Seq+1)
	}
}
