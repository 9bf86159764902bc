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
	dependsOnNone(t, "internal/table", map[string]string{
		"net/http":                   "HTTP",
		module + "/internal/httpapi": "HTTP",
		module + "/internal/account": "the accounts",
		module + "/internal/rating":  "the rating",
		module + "/internal/cluster": "the cluster",
		module + "/internal/server":  "the server",
		module + "/internal/store":   "the store",
		module + "/internal/bus":     "the bus",
	}, "the table reaches it through its Env")
}

// dependsOnNone checks that the module's package pkg depends on none of
// forbidden (each with what it is), directly or through another package,
// and says why otherwise.
func dependsOnNone(t *testing.T, pkg string, forbidden map[string]string, why string) {
	t.Helper()
	p, ok := packages(t)[module+"/"+pkg]
	if !ok {
		t.Fatalf("no package %s", pkg)
	}
	for f, what := range forbidden {
		for _, dep := range p.Deps {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("%s imports %s (%s), directly or through another package; %s", pkg, dep, what, why)
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
