package web_test

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/record"
)

// tsFields reads the fields of the TypeScript interfaces in src: name to
// field to its type's text; an object type written inline, such as
// MatchState's board, is an interface of its own named "MatchState.board".
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
			if strings.HasPrefix(typ, "{") {
				walk(name+"."+key, typ[1:len(typ)-1])
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
