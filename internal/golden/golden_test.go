package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Helper()               {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	r := &recorder{TB: t}
	Check(r, path, []byte("a\nb\n"), true)
	if r.failed {
		t.Fatal("Check with update failed")
	}
	if data, _ := os.ReadFile(path); string(data) != "a\nb\n" {
		t.Fatalf("update wrote %q", data)
	}
	for _, tc := range []struct {
		got  string
		fail bool
	}{{"a\nb\n", false}, {"a\nc\n", true}, {"a\nb\nc\n", true}, {"a\n", true}} {
		r := &recorder{TB: t}
		Check(r, path, []byte(tc.got), false)
		if r.failed != tc.fail {
			t.Errorf("Check(%q) failed = %v; want %v", tc.got, r.failed, tc.fail)
		}
	}
	r = &recorder{TB: t}
	Check(r, filepath.Join(t.TempDir(), "missing"), nil, false)
	if !r.failed {
		t.Error("Check of a missing file passed")
	}
}
