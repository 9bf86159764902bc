package archtest

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

type pkg struct {
	ImportPath string
	Imports    []string
	// Deps are all it imports, directly or not.
	Deps []string
}

// packages lists the module's packages by import path, with what each
// imports outside its tests, directly and all in all.
func packages(t *testing.T) map[string]pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	pkgs := map[string]pkg{}
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

// TestAdaptersKnowOnlyTheDomain: the server's adapters (HTTP and WebSocket,
// the stores, the cluster's bus) share the domain types of internal/carrom and never import
// one another; the domain imports nothing of the module.
func TestAdaptersKnowOnlyTheDomain(t *testing.T) {
	pkgs := packages(t)
	adapters := []string{"internal/server", "internal/store", "internal/bus"}
	for _, a := range adapters {
		p, ok := pkgs[module+"/"+a]
		if !ok {
			t.Fatalf("no package %s", a)
		}
		for _, imp := range p.Imports {
			for _, other := range adapters {
				if other != a && strings.HasPrefix(imp, module+"/"+other) {
					t.Errorf("%s imports %s; adapters share internal/carrom instead", a, imp)
				}
			}
		}
	}
	for _, imp := range pkgs[module+"/internal/carrom"].Imports {
		if strings.HasPrefix(imp, module+"/") {
			t.Errorf("internal/carrom imports %s; the domain imports nothing of the module", imp)
		}
	}
}
