package archtest

import (
	"go/ast"
	"go/token"
	"maps"
	"strings"
	"testing"
)

// TestServerReadsItsClock: the server, its tables, its cluster's node,
// the accounts and the domains it wires read the time through its Clock (Config.Clock, given
// to each in its Env), so that tests drive its leases, relays, rematches
// and sessions as they drive its tables; time.Now is called by RealClock
// alone.
func TestServerReadsItsClock(t *testing.T) {
	fset := token.NewFileSet()
	files := parseDirSet(t, fset, "../server")
	maps.Copy(files, parseDirSet(t, fset, "../table"))
	maps.Copy(files, parseDirSet(t, fset, "../cluster"))
	maps.Copy(files, parseDirSet(t, fset, "../account"))
	for _, d := range domains {
		maps.Copy(files, parseDirSet(t, fset, "../"+strings.TrimPrefix(d, "internal/")))
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if ok && fn.Recv != nil && fn.Name.Name == "Now" {
				continue // RealClock.Now
			}
			ast.Inspect(d, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, isID := sel.X.(*ast.Ident); isID && id.Name == "time" && sel.Sel.Name == "Now" {
					t.Errorf("%s: time.Now; read the server's clock (s.clock.Now())", fset.Position(sel.Pos()))
				}
				return true
			})
		}
	}
}
