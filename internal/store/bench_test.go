package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// BenchmarkAppendAction stores actions from many tables at once, as a
// loaded server does (each table's goroutine waits for its own commit):
// the time per action is the store's cost of one, and p99-ms and max-ms
// the slowest answers (a stall of the one connection shows there).
//
//	go test ./internal/store -run '^$' -bench AppendAction -cpu 2
func BenchmarkAppendAction(b *testing.B) {
	ctx := context.Background()
	st, err := OpenSQLite(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	var (
		tables atomic.Int64
		mu     sync.Mutex
		waits  []time.Duration
	)
	action := []byte(`{"seat":0,"kind":"strike","shot":{"x":0.012345678901234,"dir":[0.3713906763541037,0.9284766908852594],"speed":3.5}}`)
	b.SetParallelism(256) // goroutines a CPU: about a table each, many waiting at once
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint(tables.Add(1))
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: id, Config: []byte(`{"rules":"icf"}`)}); err != nil {
			b.Error(err)
			return
		}
		var mine []time.Duration
		defer func() {
			mu.Lock()
			waits = append(waits, mine...)
			mu.Unlock()
		}()
		for seq := int64(1); pb.Next(); seq++ {
			start := time.Now()
			if err := st.AppendAction(ctx, id, carrom.ActionRecord{Seq: seq, Action: action}); err != nil {
				b.Error(err)
				return
			}
			mine = append(mine, time.Since(start))
		}
	})
	slices.Sort(waits)
	if n := len(waits); n > 0 {
		b.ReportMetric(float64(waits[n*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(waits[n-1].Microseconds())/1000, "max-ms")
	}
}

// BenchmarkTables lists 2,000 tables in play, two seats each, as the lobby
// does on every request.
//
//	go test ./internal/store -run '^$' -bench Tables
func BenchmarkTables(b *testing.B) {
	ctx := context.Background()
	st, err := OpenSQLite(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	const tables = 2000
	for i := range tables {
		id := fmt.Sprint(i)
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: id, Config: []byte(`{"rules":"icf","players":2}`)}); err != nil {
			b.Fatal(err)
		}
		for seat := range 2 {
			if err := st.ClaimSeat(ctx, id, carrom.SeatRecord{Seat: seat, Token: fmt.Sprint("tok", i, seat), Nickname: "Ann"}); err != nil {
				b.Fatal(err)
			}
		}
	}
	for b.Loop() {
		got, err := st.Tables(ctx, false)
		if err != nil || len(got) != tables || len(got[0].Seats) != 2 {
			b.Fatalf("Tables: %d tables, %v", len(got), err)
		}
	}
}
