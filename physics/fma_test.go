package physics

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoFusableProducts parses the package and checks that every product
// of floats is rounded on its own: wrapped in float64(...), or an operand
// of another product or of a quotient, which no FMA can absorb. A bare
// product inside a sum may be fused on amd64 v3 or arm64 and change the
// last bits of the results (the golden test would catch that, but only
// on such a machine).
func TestNoFusableProducts(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
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
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("github.com/carrom-game/carrom/physics", fset, files, info); err != nil {
		t.Fatalf("type-checking the package: %v", err)
	}
	isFloat := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		if !ok || tv.Value != nil { // constants are folded exactly
			return false
		}
		b, ok := tv.Type.Underlying().(*types.Basic)
		return ok && b.Info()&types.IsFloat != 0
	}
	for _, f := range files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if m, ok := n.(*ast.BinaryExpr); ok && m.Op == token.MUL && isFloat(m) {
				if !safeParent(stack) {
					t.Errorf("%v: product %s may be fused into an FMA; wrap it in float64()", fset.Position(m.Pos()), types.ExprString(m))
				}
			}
			stack = append(stack, n)
			return true
		})
	}
}

// safeParent reports whether the innermost enclosing expression (through
// parentheses) of a product keeps it from fusing.
func safeParent(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.CallExpr:
			id, ok := p.Fun.(*ast.Ident)
			return ok && id.Name == "float64"
		case *ast.BinaryExpr:
			return p.Op == token.MUL || p.Op == token.QUO
		default:
			return false
		}
	}
	return false
}
