package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
	"pgregory.net/rapid"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// backend opens one kind of store on fresh storage; reopen opens the same
// storage again.
type backend struct {
	name string
	// fresh returns the spec and data directory of new, empty storage.
	fresh func(t *testing.T) (spec, dir string)
}

var backends = []backend{
	{"sqlite", func(t *testing.T) (string, string) { return "", t.TempDir() }},
	{"postgres", func(t *testing.T) (string, string) { return pgtest.URL(t), "" }},
}

// eachStore runs f as a subtest on a real SQLite file and on a real
// PostgreSQL: the conformance suite every store passes.
func eachStore(t *testing.T, f func(t *testing.T, open func() *DB)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			spec, dir := b.fresh(t)
			f(t, func() *DB {
				t.Helper()
				st, err := Open(context.Background(), spec, dir)
				if err != nil {
					t.Fatal(err)
				}
				if st.Dialect() != b.name {
					t.Fatalf("Open(%q) gave a %s store; want %s", spec, st.Dialect(), b.name)
				}
				return st
			})
		})
	}
}

// eachOpenStore runs f on a fresh store of each kind, as eachStore does,
// opened for f and closed after it.
func eachOpenStore(t *testing.T, f func(t *testing.T, ctx context.Context, st *DB)) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		st := open()
		defer st.Close()
		f(t, context.Background(), st)
	})
}

var at = time.Date(2026, 5, 1, 10, 0, 0, 123, time.UTC)

func TestStoreKeepsTables(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		ctx := context.Background()
		st := open()
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
		if err := st.AppendAction(ctx, "nope", carrom.ActionRecord{Seq: 1, Action: []byte(`{}`), At: at}); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("AppendAction(nope) = %v; want ErrNotFound", err)
		}
		if err := st.ClaimSeat(ctx, "a", carrom.SeatRecord{Seat: 0, Token: "tok", Nickname: "Ann"}); err != nil {
			t.Fatal(err)
		}
		// Another identity cannot take the seat; its holder may rename.
		if err := st.ClaimSeat(ctx, "a", carrom.SeatRecord{Seat: 0, Token: "other", Nickname: "Eve"}); err != nil {
			t.Fatal(err)
		}
		if err := st.ClaimSeat(ctx, "a", carrom.SeatRecord{Seat: 1, Token: "tok2", Nickname: "Bea"}); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTable(ctx, "b", at, []byte(`{"winner":1}`)); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTable(ctx, "nope", at, nil); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("FinishTable(nope) = %v; want ErrNotFound", err)
		}
		st.Close()

		// Everything is there after reopening.
		st = open()
		defer st.Close()
		unfinished, err := st.Tables(ctx, false)
		if err != nil || len(unfinished) != 1 || unfinished[0].ID != "a" || len(unfinished[0].Seats) != 2 || unfinished[0].Seats[0].Nickname != "Ann" ||
			unfinished[0].Seats[1].Nickname != "Bea" || !unfinished[0].Created.Equal(at) || string(unfinished[0].Config) != `{"rules":"icf"}` {
			t.Errorf("unfinished tables = %+v, %v; want a, with Ann at seat 0 and Bea at seat 1", unfinished, err)
		}
		done, err := st.Tables(ctx, true)
		if err != nil || len(done) != 1 || done[0].ID != "b" || string(done[0].Result) != `{"winner":1}` || !done[0].Finished.Equal(at) {
			t.Errorf("finished tables = %+v, %v; want b", done, err)
		}
		acts, err := st.Actions(ctx, "a")
		if err != nil || len(acts) != 3 || acts[2].Seq != 3 || !acts[2].At.Equal(at.Add(3*time.Second)) || string(acts[2].Action) != `{"kind":"strike"}` {
			t.Errorf("actions = %+v, %v", acts, err)
		}
		if _, err := st.Table(ctx, "nope"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("Table(nope) = %v; want ErrNotFound", err)
		}
		if tb, err := st.Table(ctx, "b"); err != nil || tb.ID != "b" || !tb.Finished.Equal(at) {
			t.Errorf("Table(b) = %+v, %v", tb, err)
		}
	})
}

// TestStoreFences: an action under an epoch lower than the table's is
// refused and stores nothing; a higher one raises the table's.
func TestStoreFences(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		emptyTables(t, st, "a")
		act := func(seq, epoch int64) carrom.ActionRecord {
			return carrom.ActionRecord{Seq: seq, Action: []byte(fmt.Sprintf(`{"n":%d}`, seq)), At: at, Epoch: epoch}
		}
		steps := []struct {
			name  string
			do    func() error
			want  error
			epoch int64 // the table's epoch after
		}{
			{"action 1 at epoch 0", func() error { return st.AppendAction(ctx, "a", act(1, 0)) }, nil, 0},
			{"fence at 2", func() error { return st.Fence(ctx, "a", 2) }, nil, 2},
			{"fence at 2 again", func() error { return st.Fence(ctx, "a", 2) }, nil, 2},
			{"action 2 at the old epoch 0", func() error { return st.AppendAction(ctx, "a", act(2, 0)) }, carrom.ErrStaleEpoch, 2},
			{"action 2 at epoch 1", func() error { return st.AppendAction(ctx, "a", act(2, 1)) }, carrom.ErrStaleEpoch, 2},
			{"fence back at 1", func() error { return st.Fence(ctx, "a", 1) }, carrom.ErrStaleEpoch, 2},
			{"action 2 at epoch 2", func() error { return st.AppendAction(ctx, "a", act(2, 2)) }, nil, 2},
			{"action 3 at epoch 3 takes over", func() error { return st.AppendAction(ctx, "a", act(3, 3)) }, nil, 3},
			{"action 4 at epoch 2", func() error { return st.AppendAction(ctx, "a", act(4, 2)) }, carrom.ErrStaleEpoch, 3},
			{"action 3 again at epoch 4", func() error { return st.AppendAction(ctx, "a", act(3, 4)) }, errAny, 3},
			{"fence of no table", func() error { return st.Fence(ctx, "nope", 1) }, carrom.ErrNotFound, 3},
		}
		for _, s := range steps {
			err := s.do()
			switch {
			case s.want == nil && err != nil, s.want == errAny && err == nil, s.want != nil && s.want != errAny && !errors.Is(err, s.want):
				t.Errorf("%s: error %v; want %v", s.name, err, s.want)
			}
			if tb, err := st.Table(ctx, "a"); err != nil || tb.Epoch != s.epoch {
				t.Errorf("after %s: table's epoch %d, %v; want %d", s.name, tb.Epoch, err, s.epoch)
			}
		}
		acts, err := st.Actions(ctx, "a")
		var got []string
		for _, a := range acts {
			got = append(got, fmt.Sprintf("%d@%d", a.Seq, a.Epoch))
		}
		if want := "1@0 2@2 3@3"; err != nil || strings.Join(got, " ") != want {
			t.Errorf("actions %v, %v; want %s", got, err, want)
		}
	})
}

var errAny = errors.New("any error")

// TestStoreFenceRace: an old owner keeps storing actions while a new owner
// fences the table and reads its actions. Whatever the new owner read is
// the whole of the old owner's history: no action of the old epoch is
// stored after the fence, whatever the interleaving.
func TestStoreFenceRace(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		const tables = 8
		for i := range tables {
			if err := st.CreateTable(ctx, carrom.TableRecord{ID: fmt.Sprint(i), Config: []byte(`{}`), Created: at}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		seen := make([]int, tables)
		for i := range tables {
			id := fmt.Sprint(i)
			fenced := make(chan struct{})
			wg.Add(2)
			go func() { // the old owner, at epoch 1, until refused
				defer wg.Done()
				for seq := int64(1); ; seq++ {
					err := st.AppendAction(ctx, id, carrom.ActionRecord{Seq: seq, Action: []byte(`{}`), At: at, Epoch: 1})
					if errors.Is(err, carrom.ErrStaleEpoch) {
						return
					}
					if err != nil {
						t.Errorf("table %s action %d: %v", id, seq, err)
						return
					}
					if seq == 3 {
						close(fenced) // let the new owner in once a few are stored
					}
				}
			}()
			go func() { // the new owner, at epoch 2
				defer wg.Done()
				<-fenced
				if err := st.Fence(ctx, id, 2); err != nil {
					t.Error(err)
					return
				}
				acts, err := st.Actions(ctx, id)
				if err != nil {
					t.Error(err)
				}
				seen[i] = len(acts)
			}()
		}
		wg.Wait()
		for i := range tables {
			acts, err := st.Actions(ctx, fmt.Sprint(i))
			if err != nil || len(acts) != seen[i] {
				t.Errorf("table %d: %d actions stored, %v; the new owner read %d after fencing", i, len(acts), err, seen[i])
			}
		}
	})
}

// TestStoreEpochModel: random appends and fences, each checked against a
// model of the rules (an action is stored iff its sequence number is not
// stored yet and its epoch is at least the table's, which it then becomes).
func TestStoreEpochModel(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		n := 0
		rapid.Check(t, func(rt *rapid.T) {
			n++
			id := fmt.Sprint("m", n)
			emptyTables(rt, st, id)
			var epoch, seq int64
			var want []string
			for range rapid.IntRange(1, 20).Draw(rt, "steps") {
				e := rapid.Int64Range(0, 4).Draw(rt, "epoch")
				if rapid.Bool().Draw(rt, "fence") {
					err := st.Fence(ctx, id, e)
					if ok := e >= epoch; ok != (err == nil) || !ok && !errors.Is(err, carrom.ErrStaleEpoch) {
						rt.Fatalf("Fence(%d) at table epoch %d: %v", e, epoch, err)
					}
					epoch = max(epoch, e)
					continue
				}
				s := rapid.Int64Range(1, seq+1).Draw(rt, "seq") // the next, or one stored
				err := st.AppendAction(ctx, id, carrom.ActionRecord{Seq: s, Action: []byte(`{}`), At: at, Epoch: e})
				ok := e >= epoch && s == seq+1
				if ok != (err == nil) || e < epoch && !errors.Is(err, carrom.ErrStaleEpoch) {
					rt.Fatalf("AppendAction(seq %d, epoch %d) after %d at table epoch %d: %v", s, e, seq, epoch, err)
				}
				if ok {
					seq, epoch = s, e
					want = append(want, fmt.Sprintf("%d@%d", s, e))
				}
			}
			acts, err := st.Actions(ctx, id)
			var got []string
			for _, a := range acts {
				got = append(got, fmt.Sprintf("%d@%d", a.Seq, a.Epoch))
			}
			if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
				rt.Fatalf("actions %v, %v; want %v", got, err, want)
			}
			if tb, err := st.Table(ctx, id); err != nil || tb.Epoch != epoch {
				rt.Fatalf("table's epoch %d, %v; want %d", tb.Epoch, err, epoch)
			}
		})
	})
}

// emptyTables creates the tables named, with no seat or action.
func emptyTables(t interface {
	Helper()
	Fatal(...any)
}, st *DB, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := st.CreateTable(context.Background(), carrom.TableRecord{ID: id, Config: []byte(`{}`), Created: at}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStoreBatchModel: a batch of the group commit, holding actions of
// several tables (a table twice, a stale epoch, a seq stored already, a
// table that does not exist), stores what the actions stored one after
// the other would, and answers each as that would.
func TestStoreBatchModel(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		n := 0
		rapid.Check(t, func(rt *rapid.T) {
			n++
			ids := []string{fmt.Sprint("b", n, "x"), fmt.Sprint("b", n, "y"), fmt.Sprint("b", n, "z")}
			type model struct {
				epoch, seq int64
				stored     []string
			}
			tables := map[string]*model{}
			emptyTables(rt, st, ids[:2]...)
			for _, id := range ids[:2] {
				tables[id] = &model{}
			}
			for range rapid.IntRange(1, 4).Draw(rt, "batches") {
				var batch []*appendReq
				var want []bool
				for range rapid.IntRange(1, 6).Draw(rt, "actions") {
					id := rapid.SampledFrom(ids).Draw(rt, "table")
					var next int64 = 1
					if m := tables[id]; m != nil {
						next = m.seq + 1
					}
					a := carrom.ActionRecord{Seq: rapid.Int64Range(1, next).Draw(rt, "seq"), Action: []byte(`{}`), At: at, Epoch: rapid.Int64Range(0, 3).Draw(rt, "epoch")}
					batch = append(batch, &appendReq{ctx: ctx, tableID: id, a: a, done: make(chan error, 1)})
					m := tables[id]
					ok := m != nil && a.Epoch >= m.epoch && a.Seq == m.seq+1
					if ok {
						m.epoch, m.seq = a.Epoch, a.Seq
						m.stored = append(m.stored, fmt.Sprintf("%d@%d", a.Seq, a.Epoch))
					}
					want = append(want, ok)
				}
				st.commitBatch(batch)
				for i, r := range batch {
					m := tables[r.tableID]
					err := <-r.done
					stale := m != nil && errors.Is(err, carrom.ErrStaleEpoch)
					if want[i] != (err == nil) || m == nil && !errors.Is(err, carrom.ErrNotFound) || stale && want[i] {
						rt.Fatalf("action %d (table %s seq %d epoch %d): %v; want stored %v", i, r.tableID, r.a.Seq, r.a.Epoch, err, want[i])
					}
				}
			}
			for id, m := range tables {
				acts, err := st.Actions(ctx, id)
				var got []string
				for _, a := range acts {
					got = append(got, fmt.Sprintf("%d@%d", a.Seq, a.Epoch))
				}
				if err != nil || strings.Join(got, " ") != strings.Join(m.stored, " ") {
					rt.Fatalf("table %s: actions %v, %v; want %v", id, got, err, m.stored)
				}
				if tb, err := st.Table(ctx, id); err != nil || tb.Epoch != m.epoch {
					rt.Fatalf("table %s: epoch %d, %v; want %d", id, tb.Epoch, err, m.epoch)
				}
			}
		})
	})
}

// TestStoreLongRun: a run of more tables than one statement takes is
// stored chunk by chunk, and each action, wherever it falls in its chunk,
// gets its own answer: refused ones (a stale epoch, a table that does not
// exist, a seq stored already) among those stored.
func TestStoreLongRun(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		var ids []string
		for i := range 2*runChunk + 3 {
			ids = append(ids, fmt.Sprintf("long%03d", i))
		}
		emptyTables(t, st, ids...)
		var batch []*appendReq
		want := map[string]string{} // the answer each table's action gets
		for i, id := range ids {
			a := carrom.ActionRecord{Seq: 1, Action: []byte(`{}`), At: at, Epoch: 2}
			want[id] = "stored"
			switch {
			case i%7 == 3:
				if err := st.Fence(ctx, id, 5); err != nil {
					t.Fatal(err)
				}
				want[id] = "stale"
			case i%11 == 5:
				if err := st.AppendAction(ctx, id, a); err != nil {
					t.Fatal(err)
				}
				want[id] = "twice"
			case i%13 == 4:
				id = "missing" + id
				want[id] = "missing"
			}
			batch = append(batch, &appendReq{ctx: ctx, tableID: id, a: a, done: make(chan error, 1)})
		}
		st.commitBatch(batch)
		for _, r := range batch {
			err := <-r.done
			var got string
			switch {
			case err == nil:
				got = "stored"
			case errors.Is(err, carrom.ErrStaleEpoch):
				got = "stale"
			case errors.Is(err, carrom.ErrNotFound):
				got = "missing"
			default:
				got = "twice"
			}
			if got != want[r.tableID] {
				t.Errorf("table %s: %v; want %s", r.tableID, err, want[r.tableID])
			}
			acts, err := st.Actions(ctx, r.tableID)
			if stored := len(acts) == 1 && acts[0].Epoch == 2; err == nil && stored != (got == "stored" || got == "twice") {
				t.Errorf("table %s: actions %+v after %q", r.tableID, acts, got)
			}
		}
	})
}

// TestStoreUpgrades: a database made by the first migration alone, as
// every server before the epochs made it, keeps its tables through the
// upgrade, at epoch 0.
func TestStoreUpgrades(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			spec, dir := b.fresh(t)
			st, err := Open(ctx, spec, dir)
			if err != nil {
				t.Fatal(err)
			}
			p, err := st.provider()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.DownTo(ctx, 1); err != nil {
				t.Fatal(err)
			}
			if v, err := p.GetDBVersion(ctx); err != nil || v != 1 {
				t.Fatalf("version after DownTo(1) = %d, %v", v, err)
			}
			for _, q := range []string{
				`INSERT INTO tables (id, config, created_at) VALUES ('old', '{}', 5)`,
				`INSERT INTO actions (table_id, seq, action, at) VALUES ('old', 1, '{"kind":"strike"}', 6)`,
			} {
				if _, err := st.db.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			st.Close()
			st, err = Open(ctx, spec, dir)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			p, err = st.provider()
			if err != nil {
				t.Fatal(err)
			}
			if pending, err := p.HasPending(ctx); err != nil || pending {
				t.Errorf("migrations pending after Open: %v, %v", pending, err)
			}
			tb, err := st.Table(ctx, "old")
			if err != nil || tb.Epoch != 0 || !tb.Created.Equal(time.Unix(0, 5)) {
				t.Errorf("Table(old) = %+v, %v; want it, at epoch 0", tb, err)
			}
			acts, err := st.Actions(ctx, "old")
			if err != nil || len(acts) != 1 || acts[0].Epoch != 0 || string(acts[0].Action) != `{"kind":"strike"}` {
				t.Errorf("Actions(old) = %+v, %v", acts, err)
			}
			if err := st.AppendAction(ctx, "old", carrom.ActionRecord{Seq: 2, Action: []byte(`{}`), At: at}); err != nil {
				t.Errorf("appending to the upgraded table: %v", err)
			}
		})
	}
}

// TestMigrationsPortable: every migration after the first is one file
// for both databases; each goes down and up again on both.
func TestMigrationsPortable(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		p, err := st.provider()
		if err != nil {
			t.Fatal(err)
		}
		sources := p.ListSources()
		if len(sources) < 2 || sources[0].Version != 1 {
			t.Fatalf("sources %v", sources)
		}
		for _, src := range sources[1:] {
			if src.Type != goose.TypeSQL {
				t.Errorf("migration %d is %s; after the first, every migration is one SQL file for both databases", src.Version, src.Type)
			}
		}
		if _, err := p.DownTo(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatal(err)
		}
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: "a", Config: []byte(`{}`), Created: at}); err != nil {
			t.Errorf("after down and up: %v", err)
		}
	})
}

func TestOpenRefuses(t *testing.T) {
	for _, spec := range []string{"mysql://u:secret@h/db", "carrom.db", "sqlite://x"} {
		st, err := Open(context.Background(), spec, t.TempDir())
		if err == nil {
			st.Close()
			t.Errorf("Open(%q) succeeded", spec)
			continue
		}
		if !strings.HasPrefix(err.Error(), "store: ") || strings.Contains(err.Error(), "secret") {
			t.Errorf("Open(%q) = %v; want an error prefixed store: without the password", spec, err)
		}
	}
	// A server that is not there: refused, the password not in the error.
	st, err := Open(context.Background(), "postgres://u:secret@127.0.0.1:1/db?connect_timeout=5", "")
	if err == nil {
		st.Close()
		t.Fatal("Open of a PostgreSQL that is not there succeeded")
	}
	if !strings.HasPrefix(err.Error(), "store: ") || strings.Contains(err.Error(), "secret") {
		t.Errorf("error %v; want one prefixed store: without the password", err)
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

// TestStoreGroupCommit: many tables store at once, so that the committer
// puts many actions in one transaction; among them are actions it must
// refuse (a sequence number stored already, an old epoch, a table that
// does not exist, and on PostgreSQL a NUL byte, which fails the whole
// transaction). Each gets its own answer, and the history of every table
// is exactly the actions accepted.
func TestStoreGroupCommit(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		const tables, actions = 40, 15
		for i := range tables {
			if err := st.CreateTable(ctx, carrom.TableRecord{ID: fmt.Sprint(i), Config: []byte(`{}`), Created: at}); err != nil {
				t.Fatal(err)
			}
			if err := st.Fence(ctx, fmt.Sprint(i), 1); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for i := range tables {
			id := fmt.Sprint(i)
			wg.Go(func() {
				for seq := int64(1); seq <= actions; seq++ {
					a := carrom.ActionRecord{Seq: seq, Action: []byte(fmt.Sprintf(`{"t":%d,"n":%d}`, i, seq)), At: at, Epoch: 1}
					if err := st.AppendAction(ctx, id, a); err != nil {
						t.Errorf("table %s action %d: %v", id, seq, err)
					}
					bad := []struct {
						table string
						a     carrom.ActionRecord
						want  error
					}{
						{id, carrom.ActionRecord{Seq: seq, Action: []byte(`{}`), At: at, Epoch: 1}, errAny},
						{id, carrom.ActionRecord{Seq: seq + 1, Action: []byte(`{}`), At: at, Epoch: 0}, carrom.ErrStaleEpoch},
						{"nope" + id, carrom.ActionRecord{Seq: seq, Action: []byte(`{}`), At: at, Epoch: 1}, carrom.ErrNotFound},
					}
					b := bad[int(seq)%len(bad)]
					if err := st.AppendAction(ctx, b.table, b.a); err == nil || b.want != errAny && !errors.Is(err, b.want) {
						t.Errorf("table %s action %d at epoch %d: error %v; want %v", b.table, b.a.Seq, b.a.Epoch, err, b.want)
					}
				}
			})
		}
		if st.Dialect() == "postgres" {
			wg.Go(func() {
				err := st.AppendAction(ctx, "0", carrom.ActionRecord{Seq: 1000, Action: []byte("{\"x\":\"\x00\"}"), At: at, Epoch: 1})
				if err == nil {
					t.Errorf("an action with a NUL byte was stored in PostgreSQL")
				}
			})
		}
		wg.Wait()
		for i := range tables {
			acts, err := st.Actions(ctx, fmt.Sprint(i))
			if err != nil || len(acts) != actions {
				t.Fatalf("table %d: %d actions, %v; want %d", i, len(acts), err, actions)
			}
			for j, a := range acts {
				if want := fmt.Sprintf(`{"t":%d,"n":%d}`, i, j+1); a.Seq != int64(j+1) || string(a.Action) != want || a.Epoch != 1 {
					t.Errorf("table %d action %d = %d %s @%d; want %s @1", i, j, a.Seq, a.Action, a.Epoch, want)
				}
			}
		}
	})
}

// TestStoreCloseAnswersEveryone: actions sent while the store closes are
// each answered, stored or refused, and after Close every action is
// refused; nothing hangs.
func TestStoreCloseAnswersEveryone(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		ctx := context.Background()
		st := open()
		emptyTables(t, st, "a")
		stored := make([]bool, 200)
		var wg sync.WaitGroup
		for i := range stored {
			wg.Go(func() {
				stored[i] = st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: int64(i + 1), Action: []byte(`{}`), At: at}) == nil
			})
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		if err := st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: 1000, Action: []byte(`{}`), At: at}); err == nil {
			t.Errorf("an action was stored after Close")
		}
		st = open()
		defer st.Close()
		acts, err := st.Actions(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, ok := range stored {
			if ok {
				n++
			}
		}
		if len(acts) != n {
			t.Errorf("%d actions answered as stored; %d in the store", n, len(acts))
		}
	})
}

// TestBackupSQLite: a backup taken while a store is open and storing
// actions is a whole database: opened as a data directory of its own it
// has every table, and each table's actions are a prefix of the
// original's, with no gap.
func TestBackupSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const tables, before = 5, 10 // before: actions stored before the backup starts
	for i := range tables {
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: fmt.Sprint(i), Config: []byte(`{}`), Created: at}); err != nil {
			t.Fatal(err)
		}
		for seq := int64(1); seq <= before; seq++ {
			if err := st.AppendAction(ctx, fmt.Sprint(i), carrom.ActionRecord{Seq: seq, Action: []byte(`{}`), At: at}); err != nil {
				t.Fatal(err)
			}
		}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			for seq := int64(before + 1); ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				if err := st.AppendAction(ctx, fmt.Sprint(i), carrom.ActionRecord{Seq: seq, Action: []byte(`{}`), At: at}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	restored := t.TempDir()
	out := filepath.Join(restored, "carrom.db")
	err = BackupSQLite(ctx, dir, out)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if err := BackupSQLite(ctx, dir, out); err == nil || !strings.HasPrefix(err.Error(), "store: ") {
		t.Errorf("a backup over an existing file: %v; want it refused", err)
	}
	if err := BackupSQLite(ctx, t.TempDir(), filepath.Join(t.TempDir(), "x.db")); err == nil {
		t.Errorf("a backup of a directory without a database succeeded")
	}
	cp, err := OpenSQLite(ctx, restored)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	got, err := cp.Tables(ctx, false)
	if err != nil || len(got) != tables {
		t.Fatalf("the backup has %d tables, %v; want %d", len(got), err, tables)
	}
	for i := range tables {
		acts, err := cp.Actions(ctx, fmt.Sprint(i))
		if err != nil || len(acts) < before {
			t.Fatalf("table %d in the backup: %d actions, %v; want at least %d", i, len(acts), err, before)
		}
		for j, a := range acts {
			if a.Seq != int64(j+1) {
				t.Fatalf("table %d in the backup: action %d has seq %d", i, j, a.Seq)
			}
		}
		// The restored database takes the next action.
		if err := cp.AppendAction(ctx, fmt.Sprint(i), carrom.ActionRecord{Seq: int64(len(acts) + 1), Action: []byte(`{}`), At: at}); err != nil {
			t.Errorf("table %d after restoring: %v", i, err)
		}
	}
}

// TestReadsDoNotHoldUpActions: while a listing is being read (its rows
// open), actions are still stored: on SQLite the reads have connections
// of their own. (With one connection for both this test hangs until its
// bound.)
func TestReadsDoNotHoldUpActions(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		emptyTables(t, st, "a", "b")
		rows, err := st.rdb.QueryContext(ctx, `SELECT id FROM tables`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		if !rows.Next() {
			t.Fatal("no tables listed")
		}
		done := make(chan error, 1)
		go func() { done <- st.AppendAction(ctx, "a", carrom.ActionRecord{Seq: 1, Action: []byte(`{}`), At: at}) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(time.Minute): // a bound on a deadlock, not a measure of speed
			t.Fatal("an action was not stored while a listing was open")
		}
		// The listing's reader sees what was committed before it began, and
		// a new read sees the action.
		if acts, err := st.Actions(ctx, "a"); err != nil || len(acts) != 1 {
			t.Errorf("actions after the commit: %+v, %v", acts, err)
		}
	})
}

// TestStoreRematch: a table's rematch is set once, by the first to ask,
// whatever the race; the others are answered that one; a rematch that
// could not be made is forgotten only by the one that set it.
func TestStoreRematch(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		emptyTables(t, st, "a", "b")
		link := func(table, next, want string) {
			t.Helper()
			if got, err := st.LinkRematch(ctx, table, next); err != nil || got != want {
				t.Errorf("LinkRematch(%s, %s) = %q, %v; want %q", table, next, got, err, want)
			}
		}
		link("a", "x", "x")
		link("a", "y", "x")
		if err := st.UnlinkRematch(ctx, "a", "y"); err != nil {
			t.Fatal(err)
		}
		link("a", "z", "x")
		if err := st.UnlinkRematch(ctx, "a", "x"); err != nil {
			t.Fatal(err)
		}
		link("a", "z", "z")
		if _, err := st.LinkRematch(ctx, "nowhere", "x"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("LinkRematch of a table that does not exist: %v; want ErrNotFound", err)
		}

		const racers = 8
		got := make([]string, racers)
		errs := make([]error, racers)
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() { got[i], errs[i] = st.LinkRematch(ctx, "b", fmt.Sprintf("r%d", i)) })
		}
		wg.Wait()
		for i := range racers {
			if errs[i] != nil || got[i] != got[0] || !strings.HasPrefix(got[0], "r") {
				t.Errorf("racer %d: %q, %v; the first answered %q; want one rematch for all", i, got[i], errs[i], got[0])
			}
		}
	})
}
