package archtest

import (
	"slices"
	"strings"
	"testing"
)

// domains are the packages of the server's domains, each serving its own
// routes with only the collaborators it declares (its Env): the server
// wires them and registers their handlers.
var domains = []string{
	"internal/umpire/umpirehttp",
	"internal/coach/coachhttp",
	"internal/challenge",
	"internal/profile",
	"internal/rating/ratinghttp",
	"internal/lobby",
}

// models are the domains' models, which their HTTP builds on: they know
// no HTTP, so the command line, the store and the tests use them without
// it.
var models = []string{"internal/umpire", "internal/coach", "internal/rating"}

// TestDomainsStandAlone: a domain imports neither the server, which wires
// it, nor the store, whose methods it declares as interfaces; another
// domain it meets only through the interfaces of its Env, never by
// import; a model imports no HTTP.
func TestDomainsStandAlone(t *testing.T) {
	pkgs := packages(t)
	for _, d := range domains {
		p, ok := pkgs[module+"/"+d]
		if !ok {
			t.Errorf("no package %s", d)
			continue
		}
		for _, imp := range p.Imports {
			switch {
			case imp == module+"/internal/server", imp == module+"/internal/store":
				t.Errorf("%s imports %s; it declares what it needs in its Env", d, imp)
			case slices.Contains(domains, strings.TrimPrefix(imp, module+"/")):
				t.Errorf("%s imports %s; domains meet through the interfaces of their Env", d, imp)
			}
		}
	}
	for _, m := range models {
		for _, imp := range pkgs[module+"/"+m].Imports {
			if imp == "net/http" || imp == module+"/internal/httpapi" {
				t.Errorf("%s imports %s; its HTTP is a package of its own", m, imp)
			}
		}
	}
}
