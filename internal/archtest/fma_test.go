package archtest

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// fused matches a line of the compiler's assembly listing holding a fused
// multiply-add, amd64's (VFMADD231SD, VFNMSUB132SS, …) or arm64's (FMADDD,
// FNMSUBS, …), and its source position.
var fused = regexp.MustCompile(`\(([^)]*\.go:\d+)\)\s+(VFN?M(?:ADD|SUB)\w*|FN?M(?:ADD|SUB)[SD])\s`)

// exact are the packages whose arithmetic must give the same bits on
// every platform: the core, record (which turns an angle into a
// direction), and the computer players with the functions they use, so
// that a seed makes the same decisions on every build.
var exact = append(append([]string{}, core...), "record", "ai", "internal/detmath")

// TestNoFusedArithmetic compiles the exact packages for the CPUs that fuse
// (amd64 with GOAMD64=v3, arm64) and fails on any fused multiply-add: a
// fused product rounds differently from a plain one, and the physics, the
// respotting, the legality checks and the computer players' choices must
// give the same bits everywhere. arm64 fuses more than amd64 (z − x·y
// too), so both are read.
func TestNoFusedArithmetic(t *testing.T) {
	for _, target := range []struct {
		name string
		env  []string
	}{
		{"amd64.v3", []string{"GOARCH=amd64", "GOAMD64=v3"}},
		{"arm64", []string{"GOARCH=arm64"}},
	} {
		t.Run(target.name, func(t *testing.T) {
			// A flag that changes nothing but the cache key, so that the
			// compiler runs and prints its listing rather than reusing a
			// cached build.
			args := []string{"build", "-gcflags=-S -trimpath=" + t.TempDir()}
			for _, c := range exact {
				args = append(args, "./"+c)
			}
			cmd := exec.Command("go", args...)
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), target.env...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), "STEXT") {
				t.Fatalf("the compiler printed no listing; the test would see nothing")
			}
			// The position of inlined code is the callee's, so the
			// function being compiled is named too.
			seen := map[string]bool{}
			fn := ""
			sc := bufio.NewScanner(strings.NewReader(string(out)))
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				line := sc.Text()
				if strings.Contains(line, " STEXT") {
					fn, _, _ = strings.Cut(line, " ")
					continue
				}
				m := fused.FindStringSubmatch(line)
				if m == nil {
					continue
				}
				if where := fn + " " + m[1]; !seen[where] {
					seen[where] = true
					t.Errorf("%s (in %s): fused multiply-add %s: round the product with float64()", m[1], fn, m[2])
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
