package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/carrom-game/carrom/internal/carrom"
)

// BenchmarkAppendAction stores actions from many tables at once, as a
// loaded server does (each table's goroutine waits for its own commit):
// the time per action is the store's cost of one.
//
//	go test ./internal/store -run '^$' -bench AppendAction -cpu 2
func BenchmarkAppendAction(b *testing.B) {
	ctx := context.Background()
	st, err := OpenSQLite(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	var tables atomic.Int64
	action := []byte(`{"seat":0,"kind":"strike","shot":{"x":0.012345678901234,"dir":[0.3713906763541037,0.9284766908852594],"speed":3.5}}`)
	b.SetParallelism(256) // goroutines a CPU: about a table each, many waiting at once
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint(tables.Add(1))
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: id, Config: []byte(`{"rules":"icf"}`)}); err != nil {
			b.Error(err)
			return
		}
		for seq := int64(1); pb.Next(); seq++ {
			if err := st.AppendAction(ctx, id, carrom.ActionRecord{Seq: seq, Action: action}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
