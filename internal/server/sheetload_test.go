package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/internal/umpire"
	"github.com/carrom-game/carrom/physics"
)

// fillSheet stores n strokes that pocket nothing as operations 1 to n of
// sheet id, straight into the store: a long sheet without n requests.
func fillSheet(ctx context.Context, st *store.DB, id string, n int) error {
	for i := 1; i <= n; i++ {
		_, canon, err := umpire.DecodeOp(fmt.Appendf(nil, `{"seq": %d, "line": {"stroke": {}}}`, i))
		if err != nil {
			return err
		}
		if err := st.AppendSheetOp(ctx, id, umpire.StoredOp{Seq: int64(i), Op: canon, At: time.Unix(0, 0)}); err != nil {
			return err
		}
	}
	return nil
}

// refusedLoops has another browser post entries to sheet id in 16 loops
// until stop is closed, and counts the answers that were not 403.
func refusedLoops(ctx context.Context, base, id string, stop <-chan struct{}, wrong *atomic.Int64) (*sync.WaitGroup, error) {
	var wg sync.WaitGroup
	other, err := servertest.NewClient(ctx, base)
	if err != nil {
		return nil, err
	}
	for range 16 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := other.Do(ctx, "POST", "/api/umpire/"+id+"/entries", `{"seq": 1, "line": {"stroke": {}}}`)
				if err != nil {
					wrong.Add(1)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusForbidden {
					wrong.Add(1)
				}
			}
		})
	}
	return &wg, nil
}

// replayed reads carrom_sheet_ops_replayed_total from /metrics.
func replayed(t *testing.T, p *player) int {
	t.Helper()
	resp, err := p.Do(context.Background(), "GET", "/metrics", "")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "carrom_sheet_ops_replayed_total "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return int(n)
		}
	}
	t.Fatal("/metrics has no carrom_sheet_ops_replayed_total")
	return 0
}

// TestSheetRefusedWriters: a sheet of 2,990 entries, written by its
// umpire while another browser posts entries to it in 16 loops. Every post
// of the other browser is refused (403) before any work on the sheet, and
// each of the umpire's entries applies one operation: the stored ones are
// replayed once, when the server first reads the sheet
// (carrom_sheet_ops_replayed_total), never again. The sheet takes
// entries up to 3,000 operations and refuses the next (413), changing
// nothing.
func TestSheetRefusedWriters(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, t.TempDir())
	ump := e.player()
	code, r := ump.sheet("POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["A", "B"]}`)
	if code != http.StatusCreated {
		t.Fatalf("open: %d %q", code, r.Error)
	}
	id := r.ID
	const stored, limit = 2990, 3000
	if err := fillSheet(ctx, e.st, id, stored); err != nil {
		t.Fatal(err)
	}
	if code, r := ump.sheet("GET", "/api/umpire/"+id, ""); code != http.StatusOK || r.View.Seq != stored {
		t.Fatalf("GET: %d, entry %d; want 200, %d", code, r.View.Seq, stored)
	}
	if got := replayed(t, ump); got != stored {
		t.Fatalf("%d operations replayed on reading the sheet; want %d", got, stored)
	}

	stop := make(chan struct{})
	var wrong atomic.Int64
	wg, err := refusedLoops(ctx, e.http.URL, id, stop, &wrong)
	if err != nil {
		t.Fatal(err)
	}
	for seq := stored + 1; seq <= limit; seq++ {
		if code, r := ump.entry(id, seq, `"line": {"stroke": {}}`); code != http.StatusOK || r.View.Seq != int64(seq) {
			t.Errorf("entry %d: %d %q, entry %d", seq, code, r.Error, r.View.Seq)
		}
	}
	close(stop)
	wg.Wait()
	if n := wrong.Load(); n > 0 {
		t.Errorf("%d posts of another browser were not refused with 403", n)
	}
	if got := replayed(t, ump); got != stored {
		t.Errorf("%d operations replayed after the refused posts and the umpire's entries; want %d (the first reading only)", got, stored)
	}
	if code, r := ump.entry(id, limit+1, `"line": {"stroke": {}}`); code != http.StatusRequestEntityTooLarge || r.Next != limit+1 {
		t.Errorf("entry %d: %d %+v; want 413, next %d", limit+1, code, r.Error, limit+1)
	}
	if code, r := ump.sheet("GET", "/api/umpire/"+id, ""); code != http.StatusOK || r.View.Seq != limit {
		t.Errorf("GET: %d, entry %d; want %d", code, r.View.Seq, limit)
	}
}

// BenchmarkSheetEntryUnderRefusedPosts times an umpire's entry to a sheet
// of 2,900 entries while another browser posts entries to it in 16 loops
// (a real server and a SQLite file); each op is one entry. At most 100
// ops (-benchtime 100x): the sheet keeps 3,000 operations.
func BenchmarkSheetEntryUnderRefusedPosts(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, "", b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Physics: physics.Default()})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer func() { hs.Close(); srv.Close(); st.Close() }()
	ump, err := servertest.NewClient(ctx, hs.URL)
	if err != nil {
		b.Fatal(err)
	}
	resp, err := ump.Do(ctx, "POST", "/api/umpire", `{"rules": "icf", "players": 2, "names": ["A", "B"]}`)
	if err != nil {
		b.Fatal(err)
	}
	var r sheetReply
	err = json.NewDecoder(resp.Body).Decode(&r)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusCreated {
		b.Fatalf("open: %d %v", resp.StatusCode, err)
	}
	const stored = 2900
	if err := fillSheet(ctx, st, r.ID, stored); err != nil {
		b.Fatal(err)
	}
	stop := make(chan struct{})
	var wrong atomic.Int64
	wg, err := refusedLoops(ctx, hs.URL, r.ID, stop, &wrong)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		resp, err := ump.Do(ctx, "POST", "/api/umpire/"+r.ID+"/entries", fmt.Sprintf(`{"seq": %d, "line": {"stroke": {}}}`, stored+1+i))
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("entry %d: %d", stored+1+i, resp.StatusCode)
		}
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	if n := wrong.Load(); n > 0 {
		b.Errorf("%d posts of another browser were not refused with 403", n)
	}
}
