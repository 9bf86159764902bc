// Package golden compares what a test produced with a file committed under
// testdata/, and rewrites the file when the test runs with -update (the
// flag is the calling package's, so that each package keeps its own).
package golden

import (
	"bytes"
	"os"
	"testing"
)

// Check compares got with the file at path, after rewriting the file with
// got when update is set. On a difference it reports the first line that
// differs and how to accept the change.
func Check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gotLines, wantLines := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range max(len(gotLines), len(wantLines)) {
		var g, w []byte
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if !bytes.Equal(g, w) {
			t.Errorf("%s line %d:\n got %s\nwant %s\n(if the change is intended, run the test with -update and say why in the commit)", path, i+1, g, w)
			return
		}
	}
}
