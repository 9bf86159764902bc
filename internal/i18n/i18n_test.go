package i18n

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// message is a catalogue's entry: its description and its forms.
type message map[string]string

func catalogue(t *testing.T, tag string) map[string]message {
	t.Helper()
	b, ok := Catalogue(tag)
	if !ok {
		t.Fatalf("no catalogue for %s", tag)
	}
	var c map[string]message
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	return c
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// holes are the placeholders a text fills.
func holes(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// forms are the plural forms of a message, without its description.
func forms(m message) []string {
	var out []string
	for f := range m {
		if f != "description" && f != "hash" {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// cldrForms are the plural forms a language's whole numbers take, by
// CLDR's rules, and "other", which go-i18n requires of every message
// (Polish: few, many, one, other).
func cldrForms(tag string) []string {
	names := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	seen := map[string]bool{"other": true}
	lt := language.MustParse(tag)
	for i := 0; i <= 1000; i++ {
		seen[names[plural.Cardinal.MatchPlural(lt, i, 0, 0, 0, 0)]] = true
	}
	var out []string
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// TestCatalogues: every language has every key of English's, none empty;
// each message fills the placeholders English's does; a message with
// plural forms has exactly its language's CLDR forms, and one without
// has none.
func TestCatalogues(t *testing.T) {
	en := catalogue(t, "en")
	if got := cldrForms("pl"); !slices.Equal(got, []string{"few", "many", "one", "other"}) {
		t.Fatalf("Polish plural forms %v; want few, many, one, other", got)
	}
	for key, m := range en {
		if strings.TrimSpace(m["description"]) == "" {
			t.Errorf("en: %s has no description for its translators", key)
		}
	}
	for _, l := range Languages {
		c := catalogue(t, l.Tag)
		for key := range c {
			if _, ok := en[key]; !ok {
				t.Errorf("%s: %s is not in English's catalogue", l.Tag, key)
			}
		}
		want := cldrForms(l.Tag)
		for key, e := range en {
			m, ok := c[key]
			if !ok {
				t.Errorf("%s: %s is missing", l.Tag, key)
				continue
			}
			plural := len(forms(e)) > 1
			switch got := forms(m); {
			case plural && !slices.Equal(got, want):
				t.Errorf("%s: %s has the plural forms %v; want %v", l.Tag, key, got, want)
			case !plural && !slices.Equal(got, []string{"other"}):
				t.Errorf("%s: %s has the forms %v; English's has no plural", l.Tag, key, got)
			}
			var all []string
			for _, f := range forms(e) {
				all = append(all, holes(e[f])...)
			}
			sort.Strings(all)
			all = slices.Compact(all)
			var used []string
			for _, f := range forms(m) {
				if strings.TrimSpace(m[f]) == "" {
					t.Errorf("%s: %s's form %q is empty", l.Tag, key, f)
				}
				h := holes(m[f])
				for _, p := range h {
					if !slices.Contains(all, p) {
						t.Errorf("%s: %s's form %q fills {{.%s}}, which English's does not", l.Tag, key, f, p)
					}
				}
				used = append(used, h...)
			}
			sort.Strings(used)
			if used = slices.Compact(used); !slices.Equal(used, all) && !(plural && slices.Equal(used, without(all, "Count"))) {
				t.Errorf("%s: %s fills %v; English's fills %v", l.Tag, key, used, all)
			}
		}
	}
}

func without(s []string, x string) []string {
	return slices.DeleteFunc(slices.Clone(s), func(v string) bool { return v == x })
}

// TestLocalize: go-i18n reads every message of every language and fills
// it, for every count, with no error.
func TestLocalize(t *testing.T) {
	en := catalogue(t, "en")
	data := map[string]any{}
	for _, m := range en {
		for _, f := range forms(m) {
			for _, h := range holes(m[f]) {
				data[h] = "x"
			}
		}
	}
	for _, l := range Languages {
		loc := goi18n.NewLocalizer(Bundle(), l.Tag)
		for key, m := range en {
			counts := []any{nil}
			if len(forms(m)) > 1 {
				counts = []any{0, 1, 2, 5, 22, 112}
			}
			for _, n := range counts {
				d := map[string]any{}
				for k, v := range data {
					d[k] = v
				}
				if n != nil {
					d["Count"] = n
				}
				s, tag, err := loc.LocalizeWithTag(&goi18n.LocalizeConfig{MessageID: key, TemplateData: d, PluralCount: n})
				if err != nil || s == "" {
					t.Errorf("%s: %s (count %v): %q, %v", l.Tag, key, n, s, err)
				}
				if tag.String() != l.Tag {
					t.Errorf("%s: %s came from %s's catalogue", l.Tag, key, tag)
				}
			}
		}
	}
}

// TestKeysUsed: every key of the catalogues is used by the page's code
// (written there as a string, or a rule's title "rule.ID" for an ID of
// RULES.md, which rules.ts looks up as `rule.${id}`), and every key the
// code asks for with t("…") is in them.
func TestKeysUsed(t *testing.T) {
	src := pageSources(t)
	rules, err := os.ReadFile("../../rules/testdata/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	en := catalogue(t, "en")
	for key := range en {
		if id, ok := strings.CutPrefix(key, "rule."); ok && strings.Contains(src, "`rule.${id}`") && regexp.MustCompile(`(?m)^(?:- |\| )`+regexp.QuoteMeta(id)+` `).Match(rules) {
			continue
		}
		if !strings.Contains(src, `"`+key+`"`) {
			t.Errorf("%s is in the catalogues but no code uses it", key)
		}
	}
	for _, m := range regexp.MustCompile(`\bt\("([^"]+)"`).FindAllStringSubmatch(src, -1) {
		if _, ok := en[m[1]]; !ok {
			t.Errorf("the page asks for %s, which the catalogues lack", m[1])
		}
	}
}

func pageSources(t *testing.T) string {
	var b strings.Builder
	for _, pat := range []string{"../../web/src/*.ts", "../../web/src/*.tsx"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			s, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(s)
		}
	}
	if b.Len() == 0 {
		t.Fatal("no page sources found")
	}
	return b.String()
}

func TestChoose(t *testing.T) {
	for _, c := range []struct{ cookie, accept, want string }{
		{"", "fr-FR,fr;q=0.9,en;q=0.8", "fr"},
		{"", "de-DE,pl;q=0.8", "pl"},
		{"", "ur-PK", "ur"},
		{"", "hi-IN,en;q=0.5", "hi"},
		{"", "de", "en"},
		{"", "", "en"},
		{"it", "fr", "it"},
		{"xx", "pl", "pl"},
		{Pseudo, "", Pseudo},
		{"", "en-XA", "en"},
	} {
		if got := Choose(c.cookie, c.accept); got.Tag != c.want {
			t.Errorf("Choose(%q, %q) = %s; want %s", c.cookie, c.accept, got.Tag, c.want)
		}
	}
	if Choose("ur", "").Dir != "rtl" || Choose("fr", "").Dir != "ltr" {
		t.Error("Urdu is not right to left, or French is not left to right")
	}
}

// TestPseudo: the pseudo-locale is accented, about 40 % longer than
// English, and keeps its placeholders.
func TestPseudo(t *testing.T) {
	for _, s := range []string{"the turn passes to {{.Who}}", "Play", "{{.Count}} c/m left"} {
		p := pseudo(s)
		if !slices.Equal(holes(p), holes(s)) {
			t.Errorf("pseudo(%q) = %q: placeholders changed", s, p)
		}
		if n, m := len([]rune(placeholder.ReplaceAllString(s, ""))), len([]rune(placeholder.ReplaceAllString(p, ""))); m < n*14/10 {
			t.Errorf("pseudo(%q) = %q: %d characters for %d", s, p, m, n)
		}
		if strings.ContainsAny(strings.ReplaceAll(placeholder.ReplaceAllString(p, ""), "/", ""), "aeiou") {
			t.Errorf("pseudo(%q) = %q: unaccented vowels", s, p)
		}
	}
}

// TestErrorCodesSaid: every stable code the server answers a refusal
// with (httpapi.NewCoded, httpapi.RefuseCoded) has its words in the page's
// errors.ts, whose keys TestKeysUsed finds in the catalogues.
func TestErrorCodesSaid(t *testing.T) {
	page, err := os.ReadFile("../../web/src/errors.ts")
	if err != nil {
		t.Fatal(err)
	}
	coded := regexp.MustCompile(`(?:NewCoded\([^,]+|RefuseCoded\(.*?),\s*"([a-z_]+)"`)
	seen := 0
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range coded.FindAllStringSubmatch(string(src), -1) {
			seen++
			if code := m[1]; code != "too_many" && !strings.Contains(string(page), "\n  "+code+": \"error.") {
				t.Errorf("%s: the code %s has no words in web/src/errors.ts", path, code)
			}
		}
		return nil
	})
	if err != nil || seen == 0 {
		t.Fatalf("reading the server's codes: %v, %d found", err, seen)
	}
}
