package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines bounds a function's length in internal/, from its func
// line to its closing brace, comments included: a longer one is split
// into named steps (issue 26). Literal functions count towards the
// function that holds them.
const maxFuncLines = 80

// maxMethods bounds the methods declared on one type in internal/: a
// type with more holds several subsystems, each of which gets a struct
// of its own with the collaborators it uses (issue 26).
const maxMethods = 25

// TestNoLongFunctions: no function of internal/'s packages, outside
// their tests, is longer than maxFuncLines.
func TestNoLongFunctions(t *testing.T) {
	fset := token.NewFileSet()
	for path, fn := range funcs(t, fset) {
		start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
		if n := end.Line - start.Line + 1; n > maxFuncLines {
			t.Errorf("%s:%d: %s is %d lines long; split it into named steps of %d lines at most", path, start.Line, funcName(fn), n, maxFuncLines)
		}
	}
}

// TestNoBigTypes: no type of internal/'s packages has more than
// maxMethods methods outside their tests.
func TestNoBigTypes(t *testing.T) {
	fset := token.NewFileSet()
	methods := map[string]int{}
	for path, fn := range funcs(t, fset) {
		if fn.Recv != nil {
			methods[filepath.Dir(path)+"."+funcName(fn)[:strings.LastIndex(funcName(fn), ".")]]++
		}
	}
	for typ, n := range methods {
		if n > maxMethods {
			t.Errorf("%s has %d methods; give its subsystems structs of their own, %d methods at most each", typ, n, maxMethods)
		}
	}
}

// funcs yields the functions declared in internal/'s non-test files, by
// the path of their file from internal/.
func funcs(t *testing.T, fset *token.FileSet) func(yield func(string, *ast.FuncDecl) bool) {
	t.Helper()
	var all []string
	var decls []*ast.FuncDecl
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
				all = append(all, filepath.ToSlash(strings.TrimPrefix(path, "../")))
				decls = append(decls, fn)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return func(yield func(string, *ast.FuncDecl) bool) {
		for i, fn := range decls {
			if !yield(all[i], fn) {
				return
			}
		}
	}
}

// funcName is a function's name as a reader looks it up: Type.Method or
// Func.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	if ix, ok := typ.(*ast.IndexExpr); ok {
		typ = ix.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}
