package archtest

import (
	"slices"
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

// TestPairingKnowsOnlyItsEnv: quick pairing on the server (internal/pairing)
// imports of the module only the domain types, the HTTP plumbing, the
// wire types and the pure pairing; what it needs of the server, the
// store and the bus it declares in its Env and Cluster.
func TestPairingKnowsOnlyItsEnv(t *testing.T) {
	importsOnly(t, "internal/pairing", []string{"internal/carrom", "internal/httpapi", "internal/pool", "internal/protocol"},
		"it knows the server, the store and the bus only through its Env and Cluster")
}

// TestFriendsKnowsOnlyItsEnv: following players (internal/friends) imports
// of the module only the domain types, the accounts' request context, the
// HTTP plumbing and the wire types; what it needs of the server and the
// store it declares in its Env and Store.
func TestFriendsKnowsOnlyItsEnv(t *testing.T) {
	importsOnly(t, "internal/friends", []string{"internal/account", "internal/carrom", "internal/httpapi", "internal/protocol"},
		"it knows the server and the store only through its Env and Store")
}

// importsOnly checks that the module's package pkg imports of the module
// only the packages allowed, and says why otherwise.
func importsOnly(t *testing.T, pkg string, allowed []string, why string) {
	t.Helper()
	p, ok := packages(t)[module+"/"+pkg]
	if !ok {
		t.Fatalf("package %s not found", pkg)
	}
	for _, imp := range p.Imports {
		if strings.HasPrefix(imp, module+"/") && !slices.Contains(allowed, strings.TrimPrefix(imp, module+"/")) {
			t.Errorf("%s imports %s: %s", pkg, imp, why)
		}
	}
}
