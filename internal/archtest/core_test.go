// Package archtest checks the shape of the module: the core (board,
// physics, rules, rules/laws, game, tourney) is pure and imports nothing from the outer layers.
package archtest

import (
	"strings"
	"testing"
)

const module = "github.com/carrom-game/carrom"

// forbidden are the standard packages that would bring I/O, wall-clock
// time, global randomness or concurrency into the core.
var forbidden = []string{
	"os", "os/exec", "net", "net/http", "database/sql", "log", "log/slog",
	"time", "math/rand", "math/rand/v2", "context", "sync", "io/fs", "syscall",
}

// core are the packages that must stay pure.
var core = []string{"board", "physics", "rules", "rules/laws", "game", "tourney"}

func TestCoreImportsNothingOuter(t *testing.T) {
	pkgs := packages(t)
	allowed := map[string]bool{}
	for _, c := range core {
		allowed[module+"/"+c] = true
	}
	for _, c := range core {
		p, ok := pkgs[module+"/"+c]
		if !ok {
			t.Errorf("core package %s not found", c)
			continue
		}
		for _, imp := range p.Imports {
			for _, f := range forbidden {
				if imp == f {
					t.Errorf("%s imports %s: the core does no I/O, reads no clock, draws no global randomness, starts no goroutines", c, imp)
				}
			}
			if strings.HasPrefix(imp, module+"/") && !allowed[imp] {
				t.Errorf("%s imports %s, outside the core", c, imp)
			}
			if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") && !strings.HasPrefix(imp, module+"/") {
				t.Errorf("%s imports %s: the core uses the standard library only", c, imp)
			}
		}
	}
	// RULES-level layering: the referee knows no coordinates.
	for _, imp := range pkgs[module+"/rules"].Imports {
		if strings.HasPrefix(imp, module+"/") {
			t.Errorf("rules imports %s; the referee uses the standard library only", imp)
		}
	}
}

// TestTourneyReaders: the readers of other tools' files (tourney/sol, with
// its YAML library) stand outside the core, on the tourney package alone.
func TestTourneyReaders(t *testing.T) {
	pkgs := packages(t)
	p, ok := pkgs[module+"/tourney/sol"]
	if !ok {
		t.Fatal("tourney/sol not found")
	}
	for _, imp := range p.Imports {
		if strings.HasPrefix(imp, module+"/") && imp != module+"/tourney" {
			t.Errorf("tourney/sol imports %s; it builds on tourney alone", imp)
		}
	}
}
