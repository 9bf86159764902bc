package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/store"
)

// TestBackupCommand: carrom backup copies the database of a data
// directory that a store holds open (and locked), and the copy restores:
// put in place as carrom.db, it is the same tables and actions.
func TestBackupCommand(t *testing.T) {
	ctx := context.Background()
	data := t.TempDir()
	st, err := store.OpenSQLite(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	if err := st.CreateTable(ctx, carrom.TableRecord{ID: "t1", Config: []byte(`{"rules":"icf"}`), Created: at}); err != nil {
		t.Fatal(err)
	}
	if err := st.AppendAction(ctx, "t1", carrom.ActionRecord{Seq: 1, Action: []byte(`{"kind":"strike"}`), At: at}); err != nil {
		t.Fatal(err)
	}
	restored := t.TempDir()
	out := filepath.Join(restored, "carrom.db")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"backup", "-data", data, out}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("carrom backup: exit %d, %s", code, stderr.String())
	}
	if want := "backed up " + data + " to " + out + "\n"; stdout.String() != want {
		t.Errorf("carrom backup said %q; want %q", stdout.String(), want)
	}
	cp, err := store.OpenSQLite(ctx, restored)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	acts, err := cp.Actions(ctx, "t1")
	if err != nil || len(acts) != 1 || string(acts[0].Action) != `{"kind":"strike"}` {
		t.Errorf("the restored table's actions: %+v, %v", acts, err)
	}
	// Again to the same file: refused, exit 1, the file unchanged.
	stderr.Reset()
	if code := run([]string{"backup", "-data", data, out}, strings.NewReader(""), &stdout, &stderr); code != 1 || !strings.HasPrefix(stderr.String(), "carrom backup: store: backup: ") {
		t.Errorf("a backup over an existing file: exit %d, %q; want 1 and an error", code, stderr.String())
	}
	// A directory without a database: refused, and none is made.
	empty := t.TempDir()
	stderr.Reset()
	if code := run([]string{"backup", "-data", empty, filepath.Join(t.TempDir(), "x.db")}, strings.NewReader(""), &stdout, &stderr); code != 1 || !strings.HasPrefix(stderr.String(), "carrom backup: store: backup: ") {
		t.Errorf("a backup of an empty directory: exit %d, %q; want 1 and an error", code, stderr.String())
	}
	if matches, _ := filepath.Glob(filepath.Join(empty, "*")); len(matches) != 0 {
		t.Errorf("a backup of an empty directory made %v", matches)
	}
}
