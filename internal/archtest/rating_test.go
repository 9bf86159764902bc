package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRatingPolicyOutOfTheStore: the rating's policy (the period, which
// games count, the new ratings, the cap) is internal/rating's, which knows
// no SQL, no store, no server and nothing else of the module (the ratings
// as stored are its own types); internal/store reads and writes the rows
// and runs the policy it is given in its transaction, naming of
// internal/rating only types (rating.Ledger, rating.Period, …), never a
// function or a method of its.
func TestRatingPolicyOutOfTheStore(t *testing.T) {
	pkgs := packages(t)
	for _, imp := range pkgs[module+"/internal/rating"].Imports {
		if imp == "database/sql" || imp == "net/http" || strings.HasPrefix(imp, module+"/") {
			t.Errorf("internal/rating imports %s; the policy knows only its own types (the ratings as stored, a match to rate)", imp)
		}
	}

	types, methods := map[string]bool{}, map[string]bool{}
	for _, f := range parseDirSet(t, token.NewFileSet(), "../rating") {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					methods[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						types[ts.Name.Name] = true
					}
				}
			}
		}
	}
	fset := token.NewFileSet()
	for name, f := range parseDirSet(t, fset, "../store") {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "rating" && !types[sel.Sel.Name] {
				t.Errorf("%s:%d: the store uses rating.%s; it names only rating's types", name, fset.Position(sel.Pos()).Line, sel.Sel.Name)
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && methods[sel.Sel.Name] {
				t.Errorf("%s:%d: the store calls %s, a method of the rating's policy", name, fset.Position(call.Pos()).Line, sel.Sel.Name)
			}
			return true
		})
	}
}

// parseDirSet parses the Go files of dir but its tests.
func parseDirSet(t *testing.T, fset *token.FileSet, dir string) map[string]*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	out := map[string]*ast.File{}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, n, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = f
	}
	return out
}
