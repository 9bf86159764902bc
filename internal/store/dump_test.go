package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/pgtest"
)

// TestPostgresDumpRestore runs the backup and restore of docs/deploy.md
// on a real PostgreSQL: pg_dump -Fc of a database in use, pg_restore into
// a new database, and the restored store has every table and action, and
// goes on.
func TestPostgresDumpRestore(t *testing.T) {
	ctx := context.Background()
	spec := pgtest.URL(t)
	bin, err := pgtest.BinDir()
	if err != nil {
		t.Fatal(err)
	}
	st, err := OpenPostgres(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i := range 3 {
		id := fmt.Sprint(i)
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: id, Config: []byte(`{"rules":"icf"}`), Created: at}); err != nil {
			t.Fatal(err)
		}
		for seq := int64(1); seq <= 4; seq++ {
			if err := st.AppendAction(ctx, id, carrom.ActionRecord{Seq: seq, Action: []byte(`{"kind":"strike"}`), At: at, Epoch: 2}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The test's database holds a schema for each test; dump this one.
	u, err := url.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	schema := u.Query().Get("search_path")
	conn := func(db string) string {
		return fmt.Sprintf("host=%s user=%s dbname=%s", u.Query().Get("host"), u.User.Username(), db)
	}
	dump := filepath.Join(t.TempDir(), "carrom.dump")
	if out, err := exec.CommandContext(ctx, filepath.Join(bin, "pg_dump"), "-Fc", "-n", schema, "-f", dump, conn("carrom")).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	admin, err := sql.Open("pgx", "postgres:///carrom?"+url.Values{"host": {u.Query().Get("host")}, "user": {u.User.Username()}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	restored := "restored_" + schema
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+restored); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.CommandContext(ctx, filepath.Join(bin, "pg_restore"), "-d", conn(restored), dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	u.Path = "/" + restored
	back, err := OpenPostgres(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	tables, err := back.Tables(ctx, false)
	if err != nil || len(tables) != 3 || tables[0].Epoch != 2 {
		t.Fatalf("restored tables %+v, %v; want 3 at epoch 2", tables, err)
	}
	for _, tb := range tables {
		acts, err := back.Actions(ctx, tb.ID)
		if err != nil || len(acts) != 4 || acts[3].Epoch != 2 {
			t.Errorf("restored table %s: actions %+v, %v", tb.ID, acts, err)
		}
		if err := back.AppendAction(ctx, tb.ID, carrom.ActionRecord{Seq: 5, Action: []byte(`{}`), At: at, Epoch: 1}); err == nil {
			t.Errorf("restored table %s took an action under an older epoch", tb.ID)
		}
		if err := back.AppendAction(ctx, tb.ID, carrom.ActionRecord{Seq: 5, Action: []byte(`{}`), At: at, Epoch: 2}); err != nil {
			t.Errorf("restored table %s: %v", tb.ID, err)
		}
	}
}
