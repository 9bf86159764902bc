package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

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
	for _, args := range [][]string{{"fly"}, {"help", "fly"}} {
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 2 || !strings.HasPrefix(errOut.String(), `carrom: unknown command "fly"`) {
			t.Errorf("carrom %v: exit %d, stderr %q; want 2 and an unknown-command message", args, code, errOut.String())
		}
	}
}

// TestHelp: -h, --help and "help COMMAND" print the command's help on
// stdout and exit 0; a line protocol's help gives its input format.
func TestHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-h"}, []string{"serve", "referee", "sim", "bench", "loadtest", "backup", "tourney", "version"}},
		{[]string{"help"}, []string{"serve", "referee", "sim", "bench", "loadtest", "version"}},
		{[]string{"h", "sim"}, []string{"carrom sim", "--params"}},
		{[]string{"help", "referee"}, []string{"carrom referee", `{"stroke": {"white": 0`, `{"concede": "board"}`, `{"claim": "two_turns"}`, "--players"}},
		{[]string{"referee", "-h"}, []string{"carrom referee", `{"forfeit": {"side": 1, "rule": "TM-2"}}`}},
		{[]string{"sim", "--help"}, []string{"carrom sim", `"shot": {"x": 0.0, "angle": 90, "speed": 4.0}`, "--params"}},
		{[]string{"help", "serve"}, []string{"carrom serve", "--addr", "--data", "--log-level", "--grace", "(default: 2m0s)", "--pace", "(default: 1.2s)"}},
		{[]string{"serve", "-h"}, []string{"carrom serve", "--grace"}},
		{[]string{"bench", "-h"}, []string{"carrom bench", "physics", "ai"}},
		{[]string{"bench", "ai", "-h"}, []string{"carrom bench ai", "--levels", "--only"}},
		{[]string{"bench", "physics", "-h"}, []string{"carrom bench physics", "--time"}},
		{[]string{"help", "bench", "physics"}, []string{"carrom bench physics", "--time"}},
		{[]string{"help", "loadtest"}, []string{"carrom loadtest", "--tables", "--url"}},
		{[]string{"help", "version"}, []string{"carrom version"}},
		{[]string{"help", "backup"}, []string{"carrom backup", "--data", "VACUUM INTO", "pg_dump"}},
	} {
		var out, errOut bytes.Buffer
		code := run(c.args, strings.NewReader(""), &out, &errOut)
		if code != 0 || errOut.Len() > 0 {
			t.Errorf("carrom %s: exit %d, stderr %q; want 0 and nothing", strings.Join(c.args, " "), code, errOut.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("carrom %s printed\n%s\nwant %q in it", strings.Join(c.args, " "), out.String(), w)
			}
		}
	}
}

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"version"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "carrom ") || !strings.Contains(out.String(), runtime.Version()) {
		t.Errorf("carrom version: exit %d, stdout %q; want 0 and carrom's version with %s", code, out.String(), runtime.Version())
	}
	if code := run([]string{"version", "extra"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("carrom version extra: exit %d; want 2", code)
	}
}

// TestBadCommandLine: every mistake is refused with exit 2, before doing
// anything, by an error that starts with the command's name and names the
// flag or the argument.
func TestBadCommandLine(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "extra", "-data", data}, `carrom serve: unexpected argument "extra"`},
		{[]string{"-grace", "-1s", "-data", data}, `carrom serve: invalid value "-1s" for flag -grace`},
		{[]string{"serve", "-grace", "0s", "-data", data}, `carrom serve: invalid value "0s" for flag -grace`},
		{[]string{"serve", "-pace", "-1s", "-data", data}, `carrom serve: invalid value "-1s" for flag -pace`},
		{[]string{"serve", "-addr", "8080", "-data", data}, `carrom serve: invalid value "8080" for flag -addr`},
		{[]string{"-log-level", "loud", "-data", data}, `carrom serve: invalid value "loud" for flag -log-level`},
		{[]string{"serve", "-data", ""}, `carrom serve: invalid value "" for flag -data`},
		{[]string{"serve", "-bogus"}, `carrom serve: flag provided but not defined: -bogus`},
		{[]string{"serve", "-store", "mysql://u:p@h/db", "-data", data}, `carrom serve: invalid value "mysql://u:p@h/db" for flag -store: want a postgres:// URL`},
		{[]string{"serve", "-debug-addr", "0.0.0.0:6060", "-data", data}, `carrom serve: invalid value "0.0.0.0:6060" for flag -debug-addr: want a loopback address`},
		{[]string{"serve", "-debug-addr", "6060", "-data", data}, `carrom serve: invalid value "6060" for flag -debug-addr`},
		{[]string{"serve", "-public-url", "carrom.example", "-data", data}, `carrom serve: invalid value "carrom.example" for flag -public-url: public URL "carrom.example": want https://host`},
		{[]string{"serve", "-public-url", "https://carrom.example/play", "-data", data}, `carrom serve: invalid value "https://carrom.example/play" for flag -public-url`},
		{[]string{"serve", "-trusted-proxy", "127.0.0.1,nginx", "-data", data}, `carrom serve: invalid value "127.0.0.1,nginx" for flag -trusted-proxy: proxy address "nginx": want an IP address or a CIDR prefix`},
		{[]string{"loadtest", "-tables", "0"}, `carrom loadtest: invalid value "0" for flag -tables`},
		{[]string{"loadtest", "-duration", "1h"}, `carrom loadtest: invalid value "1h" for flag -duration`},
		{[]string{"loadtest", "-interval", "-2s"}, `carrom loadtest: invalid value "-2s" for flag -interval`},
		{[]string{"loadtest", "-spread", "-1s"}, `carrom loadtest: invalid value "-1s" for flag -spread: want 0 or more`},
		{[]string{"loadtest", "-warmup", "-1s"}, `carrom loadtest: invalid value "-1s" for flag -warmup`},
		{[]string{"loadtest", "-url", "http://192.0.2.1:8080"}, `carrom loadtest: invalid value "http://192.0.2.1:8080" for flag -url: not on loopback`},
		{[]string{"loadtest", "extra"}, `carrom loadtest: unexpected argument "extra"`},
		{[]string{"backup", "-data", data}, `carrom backup: want one argument, the backup's file name; got 0`},
		{[]string{"backup", "-data", data, "a.db", "b.db"}, `carrom backup: want one argument, the backup's file name; got 2`},
	} {
		var out, errOut bytes.Buffer
		if code := run(c.args, strings.NewReader(""), &out, &errOut); code != 2 || !strings.HasPrefix(errOut.String(), c.want) {
			t.Errorf("carrom %s: exit %d, stderr %q; want 2 and %q", strings.Join(c.args, " "), code, errOut.String(), c.want)
		}
	}
	if _, err := os.Stat(data); !os.IsNotExist(err) {
		t.Errorf("a refused command line made the data directory %s (%v)", data, err)
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
			golden.Check(t, name+".golden.jsonl", out.Bytes(), *update)
		})
	}
}
