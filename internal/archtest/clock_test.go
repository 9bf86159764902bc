package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestServerReadsItsClock: the server reads the time through its Clock
// (Config.Clock), so that tests drive its leases, relays and rematches as
// they drive its tables; time.Now is called by RealClock alone.
func TestServerReadsItsClock(t *testing.T) {
	files, err := filepath.Glob("../server/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in internal/server: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
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
