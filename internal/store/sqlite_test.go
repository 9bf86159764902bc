package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

func TestSQLiteKeepsTables(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 5, 1, 10, 0, 0, 123, time.UTC)
	for _, id := range []string{"a", "b"} {
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: id, Config: []byte(`{"rules":"icf"}`), Created: at}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.CreateTable(ctx, carrom.TableRecord{ID: "a", Config: []byte(`{}`), Created: at}); err == nil {
		t.Errorf("a second table with the same ID was stored")
	}
	for seq := int64(1); seq <= 3; seq++ {
		if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: seq, Action: []byte(`{"kind":"strike"}`), At: at.Add(time.Duration(seq) * time.Second)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: 2, Action: []byte(`{}`), At: at}); err == nil {
		t.Errorf("action 2 stored twice")
	}
	if err := st.AppendAction(ctx, "nope", carrom.ActionRecord{Seq: 1, Action: []byte(`{}`), At: at}); err == nil {
		t.Errorf("an action of an unknown table was stored")
	}
	if err := st.ClaimSeat(ctx, "a", carrom.SeatRecord{Seat: 0, Token: "tok", Nickname: "Ann"}); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishTable(ctx, "b", at, []byte(`{"winner":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishTable(ctx, "nope", at, nil); !errors.Is(err, carrom.ErrNotFound) {
		t.Errorf("FinishTable(nope) = %v; want ErrNotFound", err)
	}
	st.Close()

	// Everything is there after reopening the file.
	st, err = OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	open, err := st.Tables(ctx, false)
	if err != nil || len(open) != 1 || open[0].ID != "a" || len(open[0].Seats) != 1 || open[0].Seats[0].Nickname != "Ann" || !open[0].Created.Equal(at) {
		t.Errorf("unfinished tables = %+v, %v; want a, with Ann at seat 0", open, err)
	}
	done, err := st.Tables(ctx, true)
	if err != nil || len(done) != 1 || done[0].ID != "b" || string(done[0].Result) != `{"winner":1}` || !done[0].Finished.Equal(at) {
		t.Errorf("finished tables = %+v, %v; want b", done, err)
	}
	acts, err := st.Actions(ctx, "a")
	if err != nil || len(acts) != 3 || acts[2].Seq != 3 || !acts[2].At.Equal(at.Add(3*time.Second)) {
		t.Errorf("actions = %+v, %v", acts, err)
	}
	if _, err := st.Table(ctx, "nope"); !errors.Is(err, carrom.ErrNotFound) {
		t.Errorf("Table(nope) = %v; want ErrNotFound", err)
	}
}

// TestSQLiteLocksItsDirectory: a second store on the same data directory
// is refused while the first is open, and allowed once it is closed.
func TestSQLiteLocksItsDirectory(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first, err := OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if second, err := OpenSQLite(ctx, dir); !errors.Is(err, ErrLocked) {
		if second != nil {
			second.Close()
		}
		t.Fatalf("a second store on %s: error %v; want ErrLocked", dir, err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatalf("reopening after Close: %v", err)
	}
	again.Close()
}
