package archtest

import (
	"go/ast"
	"go/token"
	"testing"
)

// TestTableKnowsOnlyItsEnv (issue 26): the table's code reaches the server
// only through its tableEnv and its fan-out, never through *Server, and
// carries no branch of the cluster's: which node a client is connected
// to, the node, its leases and its bus are the fan-out's business.
func TestTableKnowsOnlyItsEnv(t *testing.T) {
	fset := token.NewFileSet()
	forbidden := map[string]string{
		"Server":  "the server",
		"srv":     "the server",
		"cluster": "the cluster",
		"node":    "the cluster's node",
		"leased":  "the cluster's leases",
		"Bus":     "the cluster's bus",
		"conn":    "a client's connection at another node",
	}
	methods := 0
	for _, f := range parseDirSet(t, fset, "../server") {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !onTable(fn) {
				continue
			}
			methods++
			ast.Inspect(fn, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				if what, bad := forbidden[id.Name]; bad {
					t.Errorf("%s: table.%s names %s (%s); the table reaches it through its env or its fan-out", fset.Position(id.Pos()), fn.Name.Name, id.Name, what)
				}
				return true
			})
		}
	}
	if methods == 0 {
		t.Fatal("no method of the table found")
	}
}

// onTable says fn is a method of *table.
func onTable(fn *ast.FuncDecl) bool {
	if fn.Recv == nil || len(fn.Recv.List) != 1 {
		return false
	}
	star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "table"
}
