package archtest

import (
	"strings"
	"testing"
)

// TestPoolIsPure: the pairing of a wave (internal/pool) imports nothing of
// the module and nothing of the outer world: its waits come in with its
// seekers ("time" for their type only), so the same wave gives the same
// pairs in a test, a benchmark and the server.
func TestPoolIsPure(t *testing.T) {
	p, ok := packages(t)[module+"/internal/pool"]
	if !ok {
		t.Fatal("package internal/pool not found")
	}
	for _, imp := range p.Imports {
		for _, f := range forbidden {
			if imp == f && imp != "time" {
				t.Errorf("internal/pool imports %s: it does no I/O, draws no randomness and starts no goroutines", imp)
			}
		}
		if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") {
			t.Errorf("internal/pool imports %s: it uses the standard library only", imp)
		}
	}
}
