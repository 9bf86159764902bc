package archtest

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// fused matches a line of the compiler's assembly listing holding a fused
// multiply-add, and its source position.
var fused = regexp.MustCompile(`\(([^)]*\.go:\d+)\)\s+VFN?M(ADD|SUB)`)

// TestCoreHasNoFusedArithmetic compiles the core for a CPU with FMA and
// fails on any fused multiply-add from core source: a fused product rounds
// differently from a plain one, and the physics, the respotting and the
// legality checks must give the same bits on every platform.
func TestCoreHasNoFusedArithmetic(t *testing.T) {
	// A flag that changes nothing but the cache key, so that the compiler
	// runs and prints its listing rather than reusing a cached build.
	args := []string{"build", "-gcflags=-S -trimpath=" + t.TempDir()}
	for _, c := range core {
		args = append(args, "./"+c)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOAMD64=v3", "GOARCH=amd64")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "TEXT") {
		t.Fatalf("the compiler printed no listing; the test would see nothing")
	}
	seen := map[string]bool{}
	for _, m := range fused.FindAllStringSubmatch(string(out), -1) {
		if where := m[1]; !seen[where] {
			seen[where] = true
			t.Errorf("%s: fused multiply-add: round the product with float64()", where)
		}
	}
}
