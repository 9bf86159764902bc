package web

import (
	"bytes"
	"io/fs"
	"regexp"
	"testing"
)

// TestOneFetchHelper: the page talks to its server through src/api.ts
// alone, so the CSRF token, the JSON and the server's refusals are handled
// in one place; no other source calls fetch or replaces window.fetch.
func TestOneFetchHelper(t *testing.T) {
	call := regexp.MustCompile(`\bfetch\s*\(|window\.fetch|XMLHttpRequest`)
	srcs, err := fs.Glob(files, "src/*.ts*")
	if err != nil || len(srcs) < 20 {
		t.Fatalf("the page's sources: %d, %v", len(srcs), err)
	}
	for _, p := range srcs {
		if p == "src/api.ts" {
			continue
		}
		data, err := files.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, loc := range call.FindAllIndex(data, -1) {
			line := 1 + bytes.Count(data[:loc[0]], []byte("\n"))
			t.Errorf("%s:%d: %q; the page's requests go through api() in src/api.ts", p, line, data[loc[0]:loc[1]])
		}
	}
}
