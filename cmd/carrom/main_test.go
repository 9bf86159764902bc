package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// golden compares got with the file at path, rewriting it under -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/carrom -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gotLines, wantLines := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gotLines), len(wantLines)) {
			if gotLines[i] != wantLines[i] {
				t.Errorf("%s line %d:\n got %s\nwant %s", path, i+1, gotLines[i], wantLines[i])
				return
			}
		}
		t.Errorf("%s: got %d lines; want %d", path, len(gotLines), len(wantLines))
	}
}

// argsFile reads the flags stored beside a golden input, one per line.
func argsFile(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"fly"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), `unknown command "fly"`) {
		t.Errorf("carrom fly: exit %d, stderr %q; want 2 and an unknown-command message", code, errOut.String())
	}
	out.Reset()
	if code := run([]string{"help"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), "referee") {
		t.Errorf("carrom help: exit %d, stdout %q; want 0 and the command list", code, out.String())
	}
}

// goldenInputs lists the inputs under dir: NAME.in.jsonl, with NAME.args.
func goldenInputs(t *testing.T, dir string) []string {
	names, err := filepath.Glob(filepath.Join(dir, "*.in.jsonl"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no golden inputs in %s: %v", dir, err)
	}
	return names
}

func readFileErr(path string) ([]byte, error) { return os.ReadFile(path) }

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// runGolden drives "carrom command" end to end on every NAME.in.jsonl in
// dir (with the flags of NAME.args, if any): exit 0, one output line per
// input line, and the output equal to NAME.golden.jsonl.
func runGolden(t *testing.T, command, dir string) {
	for _, in := range goldenInputs(t, dir) {
		name := strings.TrimSuffix(in, ".in.jsonl")
		t.Run(name, func(t *testing.T) {
			input := readFile(t, in)
			var out, errOut bytes.Buffer
			args := append([]string{command}, argsFile(t, name+".args")...)
			if code := run(args, bytes.NewReader(input), &out, &errOut); code != 0 {
				t.Fatalf("carrom %v: exit %d, stderr %s", args, code, errOut.String())
			}
			if got, want := bytes.Count(out.Bytes(), []byte("\n")), bytes.Count(input, []byte("\n")); got != want {
				t.Errorf("%d output lines for %d input lines", got, want)
			}
			golden(t, name+".golden.jsonl", out.Bytes())
		})
	}
}
