package umpire

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// TestText: a sheet as a match record (docs/notation.md, docs/umpire.md)
// is its golden file, and its entry lines carry exactly the entries carrom
// referee reads, in order.
func TestText(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		ops  []string
	}{
		{"icf", Config{Rules: "icf", Players: 2, Names: []string{"Asha", "Ben"}, Event: "Club night, table 2", Umpire: "Chitra"}, []string{
			`"line": {"stroke": {"white": 1}}`,
			`"line": {"stroke": {"striker": true}}`,
			`"line": {"stroke": {"black": 1}}`,
			`"line": {"stroke": {"queen": true}}`,
			`"line": {"stroke": {"black": 1}}`,
			`"line": {"concede": "board"}`,
			`"sign": 1`,
			`"line": {"concede": "match"}`,
		}},
		{"point", Config{Rules: "point", Players: 2, Names: []string{"Asha", "Ben"}}, []string{
			`"line": {"stroke": {"white": 2}}`,
			`"line": {"stroke": {"queen": true}}`,
			`"line": {"stroke": {}}`,
			`"line": {"concede": "board"}`,
			`"sign": 1`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			s = apply(t, s, tc.ops...)
			got := s.Text("2026-11-23")
			path := filepath.Join("testdata", "sheet-"+tc.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s:\n%s\nwant (go test -update to rewrite):\n%s", path, got, want)
			}
			head, body, ok := strings.Cut(got, "\n\n")
			if !ok || !strings.HasPrefix(head, "[") {
				t.Fatalf("no headers and blank line in\n%s", got)
			}
			var lines [][]byte
			for l := range strings.Lines(body) {
				if strings.HasPrefix(l, "{") {
					continue
				}
				_, rest, _ := strings.Cut(l, ". ")
				_, rest, _ = strings.Cut(rest, " ")
				end := strings.LastIndexByte(rest, '}')
				lines = append(lines, []byte(rest[:end+1]))
			}
			if want := s.Entries(); len(lines) != len(want) {
				t.Fatalf("%d entry lines; the sheet holds %d entries", len(lines), len(want))
			} else {
				for i := range want {
					if !bytes.Equal(lines[i], want[i]) {
						t.Errorf("entry %d: %s; the sheet holds %s", i+1, lines[i], want[i])
					}
				}
			}
		})
	}
}
