package archtest

import (
	"strings"
	"testing"
)

// TestAccountStandsAlone: internal/account (accounts, sessions,
// passwords and their limits) imports of the module only the domain
// types (internal/carrom) and the HTTP plumbing (internal/httpapi): no
// server, store, table, cluster or rating code. The server wires it (its
// Env) and the store implements the store it declares. Below it, neither
// the library (board … ai, record) nor the packages the table and the
// rating stand on import it.
func TestAccountStandsAlone(t *testing.T) {
	pkgs := packages(t)
	acct := module + "/internal/account"
	if _, ok := pkgs[acct]; !ok {
		t.Fatalf("no package %s", acct)
	}
	allowed := map[string]bool{module + "/internal/carrom": true, module + "/internal/httpapi": true}
	for _, imp := range pkgs[acct].Imports {
		if strings.HasPrefix(imp, module+"/") && !allowed[imp] {
			t.Errorf("internal/account imports %s; it knows only internal/carrom and internal/httpapi, and is given the rest (account.Env)", imp)
		}
	}
	below := []string{"internal/table", "internal/cluster", "internal/rating", "internal/protocol", "internal/bus", "internal/carrom", "internal/httpapi"}
	for path, p := range pkgs {
		rel := strings.TrimPrefix(path, module+"/")
		library := !strings.HasPrefix(rel, "internal/") && !strings.HasPrefix(rel, "cmd/") && rel != module
		for _, b := range below {
			if rel == b || strings.HasPrefix(rel, b+"/") {
				library = true
			}
		}
		if !library {
			continue
		}
		for _, imp := range p.Imports {
			if imp == acct {
				t.Errorf("%s imports internal/account; the accounts stand above it", path)
			}
		}
	}
}
