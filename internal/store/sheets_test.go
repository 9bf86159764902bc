package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/umpire"
)

// TestStoreKeepsSheets: a scoresheet and its numbered operations survive
// reopening the store; a number stored twice is ErrDuplicate and keeps
// the first.
func TestStoreKeepsSheets(t *testing.T) {
	eachStore(t, testSheets)
}

func testSheets(t *testing.T, open func() *DB) {
	ctx := context.Background()
	st := open()
	at := time.Date(2026, 11, 23, 16, 0, 0, 5, time.UTC)
	if err := st.CreateSheet(ctx, umpire.Record{ID: "s1", Token: "tok", Config: []byte(`{"rules":"icf"}`), Created: at}); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= 2; seq++ {
		if err := st.AppendSheetOp(ctx, "s1", umpire.StoredOp{Seq: seq, Op: []byte(`{"seq":1,"undo":true}`), At: at}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AppendSheetOp(ctx, "s1", umpire.StoredOp{Seq: 2, Op: []byte(`{}`), At: at}); !errors.Is(err, carrom.ErrDuplicate) {
		t.Errorf("entry 2 stored twice: %v; want ErrDuplicate", err)
	}
	if err := st.AppendSheetOp(ctx, "nope", umpire.StoredOp{Seq: 1, Op: []byte(`{}`), At: at}); err == nil || errors.Is(err, carrom.ErrDuplicate) {
		t.Errorf("an entry of an unknown sheet: %v; want a foreign key error", err)
	}
	if err := st.FinishSheet(ctx, "s1", at, []byte(`{"winner":0}`)); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishSheet(ctx, "nope", at, nil); !errors.Is(err, carrom.ErrNotFound) {
		t.Errorf("FinishSheet(nope) = %v; want ErrNotFound", err)
	}
	st.Close()

	st = open()
	defer st.Close()
	sh, err := st.Sheet(ctx, "s1")
	if err != nil || sh.Token != "tok" || !sh.Created.Equal(at) || !sh.Finished.Equal(at) || string(sh.Result) != `{"winner":0}` {
		t.Errorf("Sheet(s1) = %+v, %v", sh, err)
	}
	ops, err := st.SheetOps(ctx, "s1", 0)
	if err != nil || len(ops) != 2 || ops[1].Seq != 2 || string(ops[1].Op) != `{"seq":1,"undo":true}` {
		t.Errorf("SheetOps(s1) = %+v, %v; want 2 entries", ops, err)
	}
	if ops, err := st.SheetOps(ctx, "s1", 1); err != nil || len(ops) != 1 || ops[0].Seq != 2 {
		t.Errorf("SheetOps(s1, after 1) = %+v, %v; want entry 2 alone", ops, err)
	}
	mine, err := st.SheetsOf(ctx, "tok")
	if err != nil || len(mine) != 1 || mine[0].ID != "s1" {
		t.Errorf("SheetsOf(tok) = %+v, %v", mine, err)
	}
	if _, err := st.Sheet(ctx, "nope"); !errors.Is(err, carrom.ErrNotFound) {
		t.Errorf("Sheet(nope) = %v; want ErrNotFound", err)
	}
	for _, c := range []umpire.Confirm{{AccountID: "b", Seq: 2, At: at}, {AccountID: "a", Seq: 1, At: at}, {AccountID: "a", Seq: 2, At: at}} {
		if err := st.ConfirmSheet(ctx, "s1", c); err != nil {
			t.Fatal(err)
		}
	}
	if cs, err := st.SheetConfirms(ctx, "s1"); err != nil || len(cs) != 2 || cs[0].AccountID != "a" || cs[0].Seq != 2 || !cs[1].At.Equal(at) {
		t.Errorf("SheetConfirms(s1) = %+v, %v; want a and b at entry 2", cs, err)
	}
	// Reopening the match clears its end.
	if err := st.FinishSheet(ctx, "s1", time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if sh, _ := st.Sheet(ctx, "s1"); !sh.Finished.IsZero() || sh.Result != nil {
		t.Errorf("after clearing: %+v", sh)
	}
}
