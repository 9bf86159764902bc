package web_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/record"
)

// tsFields reads the fields of the TypeScript interfaces in src: name to
// field to its type's text; an object type written inline, such as
// MatchState's board (or a list of them, such as TableInfo's seats), is an
// interface of its own named "MatchState.board".
func tsFields(t *testing.T, src string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	var walk func(name, body string)
	walk = func(name, body string) {
		fields := map[string]string{}
		out[name] = fields
		depth, start := 0, 0
		field := func(s string) {
			s = strings.TrimSpace(s)
			if s == "" {
				return
			}
			i := strings.Index(s, ":")
			if i < 0 {
				t.Fatalf("protocol.ts: %s: cannot read field %q", name, s)
			}
			key, typ := strings.TrimSuffix(strings.TrimSpace(s[:i]), "?"), strings.TrimSpace(s[i+1:])
			fields[key] = typ
			if inner := strings.TrimSuffix(typ, "[]"); strings.HasPrefix(inner, "{") {
				walk(name+"."+key, inner[1:len(inner)-1])
			}
		}
		for i, c := range body {
			switch c {
			case '{', '[', '(':
				depth++
			case '}', ']', ')':
				depth--
			case ';', '\n', ',':
				if depth == 0 {
					field(body[start:i])
					start = i + 1
				}
			}
		}
		field(body[start:])
	}
	for _, m := range regexp.MustCompile(`export interface (\w+)(?: extends \w+)? \{`).FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		depth, end := 1, m[1]
		for ; depth > 0; end++ {
			switch src[end] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		walk(name, src[m[1]:end-1])
	}
	return out
}

// jsonFields are the JSON names of a Go struct's fields.
func jsonFields(typ reflect.Type) []string {
	var out []string
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// TestProtocolTypes checks the page's TypeScript types of the referee's
// state against package record's: the same fields by the same JSON names,
// so that neither side can drift from the other unnoticed.
func TestProtocolTypes(t *testing.T) {
	src, err := os.ReadFile("src/protocol.ts")
	if err != nil {
		t.Fatal(err)
	}
	ts := tsFields(t, string(src))
	for _, c := range []struct {
		ts     string
		goType reflect.Type
	}{
		{"MatchState", reflect.TypeFor[record.Match]()},
		{"MatchState.board", reflect.TypeFor[record.Board]()},
		{"MatchState.board.on_board", reflect.TypeFor[record.Counts]()},
		{"Ruling", reflect.TypeFor[record.Ruling]()},
		{"Placing", reflect.TypeFor[record.Placing]()},
		{"BoardResult", reflect.TypeFor[record.Result]()},
		{"Stroke", reflect.TypeFor[record.Stroke]()},
		{"Piece", reflect.TypeFor[record.Piece]()},
		{"Counts", reflect.TypeFor[record.Counts]()},
		{"VariantState.board", reflect.TypeFor[record.VariantBoard]()},
	} {
		fields, ok := ts[c.ts]
		if !ok {
			t.Errorf("protocol.ts declares no %s", c.ts)
			continue
		}
		var got []string
		for k := range fields {
			got = append(got, k)
		}
		slices.Sort(got)
		if want := jsonFields(c.goType); !slices.Equal(got, want) {
			t.Errorf("protocol.ts %s has fields %v; want record.%s's %v", c.ts, got, c.goType.Name(), want)
		}
	}
}

// wireFields are the JSON fields of a struct type, its embedded structs'
// included, with their types; embedded calls back with each struct
// embedded.
func wireFields(typ reflect.Type, embedded func(reflect.Type)) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && name == "":
			embedded(f.Type)
			maps.Copy(out, wireFields(f.Type, embedded))
		case name != "" && name != "-":
			out[name] = f.Type
		}
	}
	return out
}

// protocolStruct is the struct of package protocol a field of type typ
// holds (through pointers, slices and arrays), or nil.
func protocolStruct(typ reflect.Type) reflect.Type {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array {
		typ = typ.Elem()
	}
	if typ.Kind() == reflect.Struct && typ.PkgPath() == reflect.TypeFor[protocol.ClientMsg]().PkgPath() {
		return typ
	}
	return nil
}

// TestProtocolMessages checks protocol.ts against package protocol, the
// one declaration of the wire types: each server message and HTTP body
// is an interface of the same name with the same fields by the same JSON
// names, and so, field by field, is every type of package protocol they
// hold (the interface a field names, or its object written inline); the
// fields of ClientMsg are those of the union of the same name, and every
// struct the package declares is checked. A field added on either side
// and not the other fails it.
func TestProtocolMessages(t *testing.T) {
	src, err := os.ReadFile("src/protocol.ts")
	if err != nil {
		t.Fatal(err)
	}
	ts := tsFields(t, string(src))
	// Fields the server reads or keeps but never sends.
	never := map[string]bool{"TableConfig.keep": true}
	seen, checked := map[string]bool{}, map[string]bool{}
	var check func(goType reflect.Type, tsName string)
	check = func(goType reflect.Type, tsName string) {
		if checked[tsName] {
			return
		}
		seen[goType.Name()], checked[tsName] = true, true
		fields, ok := ts[tsName]
		if !ok {
			t.Errorf("protocol.ts declares no %s, protocol.%s", tsName, goType.Name())
			return
		}
		want := wireFields(goType, func(e reflect.Type) { seen[e.Name()] = true })
		for name, typ := range want {
			if never[goType.Name()+"."+name] {
				continue
			}
			tsType, ok := fields[name]
			if !ok {
				t.Errorf("protocol.ts %s has no %q; protocol.%s has", tsName, name, goType.Name())
				continue
			}
			if sub := protocolStruct(typ); sub != nil {
				named := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(tsType, " | null"), "[]"))
				if strings.HasPrefix(named, "{") {
					named = tsName + "." + name
				}
				check(sub, named)
			}
		}
		for name := range fields {
			if _, ok := want[name]; !ok {
				t.Errorf("protocol.ts %s has %q; protocol.%s has no such field", tsName, name, goType.Name())
			}
		}
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[protocol.WelcomeMsg](), reflect.TypeFor[protocol.StateMsg](), reflect.TypeFor[protocol.EventMsg](),
		reflect.TypeFor[protocol.SeatsMsg](), reflect.TypeFor[protocol.AimMsg](), reflect.TypeFor[protocol.RematchMsg](),
		reflect.TypeFor[protocol.ErrorMsg](), reflect.TypeFor[protocol.PongMsg](), reflect.TypeFor[protocol.SaidMsg](),
		reflect.TypeFor[protocol.TableInfo](), reflect.TypeFor[protocol.Hint](), reflect.TypeFor[protocol.Practiced](),
		reflect.TypeFor[protocol.PoolStatus](), reflect.TypeFor[protocol.PairedMsg](), reflect.TypeFor[protocol.Seek](), reflect.TypeFor[protocol.SeeksMsg](),
		reflect.TypeFor[protocol.Friend](), reflect.TypeFor[protocol.FriendMsg](),
		reflect.TypeFor[protocol.TournamentCall](),
	} {
		check(typ, typ.Name())
	}

	// ClientMsg is a union in TypeScript, one object per type, without the
	// version, which send adds.
	union := regexp.MustCompile(`(?s)export type ClientMsg =(.*?);\n\n`).FindSubmatch(src)
	if union == nil {
		t.Fatal("protocol.ts declares no ClientMsg union")
	}
	var sent []string
	for _, m := range regexp.MustCompile(`(\w+)\??:`).FindAllSubmatch(union[1], -1) {
		if k := string(m[1]); !slices.Contains(sent, k) {
			sent = append(sent, k)
		}
	}
	seen["ClientMsg"] = true
	read := slices.Collect(maps.Keys(wireFields(reflect.TypeFor[protocol.ClientMsg](), func(reflect.Type) {})))
	read = slices.DeleteFunc(read, func(k string) bool { return k == "v" })
	slices.Sort(sent)
	slices.Sort(read)
	if !slices.Equal(sent, read) {
		t.Errorf("protocol.ts ClientMsg sends %v; protocol.ClientMsg reads %v", sent, read)
	}

	// Every struct of package protocol was checked.
	files, err := os.ReadDir("../internal/protocol")
	if err != nil {
		t.Fatal(err)
	}
	for _, fi := range files {
		if !strings.HasSuffix(fi.Name(), ".go") || strings.HasSuffix(fi.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), "../internal/protocol/"+fi.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, spec := range g.Specs {
					if ts := spec.(*ast.TypeSpec); isStruct(ts) && !seen[ts.Name.Name] {
						t.Errorf("protocol.%s is checked against no type of protocol.ts: reach it from a message, or add it to the list", ts.Name.Name)
					}
				}
			}
		}
	}
}

// isStruct says whether ts declares a struct: a named string such as
// SeatKind is the type of a field, checked with the struct holding it.
func isStruct(ts *ast.TypeSpec) bool {
	_, ok := ts.Type.(*ast.StructType)
	return ok
}
