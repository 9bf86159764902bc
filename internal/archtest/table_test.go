package archtest

import (
	"strings"
	"testing"
)

// TestTableKnowsOnlyItsEnv (issue 26): the table actor (internal/table:
// intents, seats, clock, turns and computer seats, backlog) imports no
// HTTP, no accounts, no rating, no cluster, no server, no store and no
// bus, not even through another package: what it reaches of them is the
// narrow set its Env declares (the store it writes to, the clock, the
// accounts a rated seat plays as, the metrics, the fan-out of its
// messages, the finished match announced).
func TestTableKnowsOnlyItsEnv(t *testing.T) {
	pkgs := packages(t)
	tbl, ok := pkgs[module+"/internal/table"]
	if !ok {
		t.Fatal("no package internal/table")
	}
	forbidden := map[string]string{
		"net/http":                   "HTTP",
		module + "/internal/httpapi": "HTTP",
		module + "/internal/account": "the accounts",
		module + "/internal/rating":  "the rating",
		module + "/internal/cluster": "the cluster",
		module + "/internal/server":  "the server",
		module + "/internal/store":   "the store",
		module + "/internal/bus":     "the bus",
	}
	for f, what := range forbidden {
		for _, dep := range tbl.Deps {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("internal/table imports %s (%s), directly or through another package; the table reaches it through its Env", dep, what)
				break
			}
		}
	}
}

// TestNothingImportsTheServer: internal/server is the composition root,
// which the binary alone imports: no package of the module builds on it.
func TestNothingImportsTheServer(t *testing.T) {
	srv := module + "/internal/server"
	for path, p := range packages(t) {
		if path == module+"/cmd/carrom" {
			continue
		}
		for _, imp := range p.Imports {
			if imp == srv {
				t.Errorf("%s imports internal/server; only the binary (cmd/carrom) wires it", path)
			}
		}
	}
}
