package archtest

import (
	"go/ast"
	"go/token"
	"testing"
)

// TestServerReadsItsClock: the server, and the accounts it wires, read
// the time through its Clock (Config.Clock), so that tests drive its
// leases, relays, rematches and sessions as they drive its tables;
// time.Now is called by RealClock alone.
func TestServerReadsItsClock(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range []string{"../server", "../account"} {
		for _, f := range parseDirSet(t, fset, dir) {
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
}
