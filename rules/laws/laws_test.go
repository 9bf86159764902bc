package laws

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ruleIDs are the IDs RULES.md defines: "- Q-4 …" and the table rows "| SP-3 |".
func ruleIDs(t *testing.T) map[string]bool {
	b, err := os.ReadFile("../testdata/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^(?:- |\| )([A-Z]+-\d+a?) `).FindAllStringSubmatch(string(b), -1) {
		ids[m[1]] = true
	}
	if len(ids) < 80 {
		t.Fatalf("read %d rule IDs from RULES.md; its layout changed", len(ids))
	}
	return ids
}

func seed(t *testing.T, name string) string {
	b, err := os.ReadFile("testdata/" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// articles reads the numbers each rule book gives its laws, as written in
// the book: the Italian laws "51", its terms "XI" and parts "J"; the French
// articles "3.11" and their paragraphs "3.11 a"; the English headings; the
// Polish sections.
func articles(t *testing.T) map[Book]map[string]bool {
	a := map[Book]map[string]bool{Italian: {}, French: {}, English: {}, Polish: {}}
	for _, m := range regexp.MustCompile(`(?m)^(?:(\d+)\.\s|#+ \**([IVXL]+|[A-Z])\. )`).FindAllStringSubmatch(seed(t, "italian"), -1) {
		a[Italian][m[1]+m[2]] = true
	}
	section := regexp.MustCompile(`^(\d+\.\d+(?:\.\d+)?)\.?\s*(?:-\s*)?\s\S|^(\d+)\. [A-ZÉ]{2,}`)
	paragraph := regexp.MustCompile(`^([a-z])\) `)
	cur := ""
	for _, line := range strings.Split(seed(t, "french"), "\n") {
		if m := section.FindStringSubmatch(line); m != nil {
			cur = m[1] + m[2]
			a[French][cur] = true
		} else if m := paragraph.FindStringSubmatch(line); m != nil && cur != "" {
			a[French][cur+" "+m[1]] = true
		}
	}
	for _, line := range strings.Split(seed(t, "english"), "\n") {
		if h := strings.TrimSuffix(strings.TrimSpace(line), ":"); h != "" && len(h) < 40 {
			a[English][h] = true
		}
	}
	for _, m := range regexp.MustCompile(`(?m)^## (\d+)\. `).FindAllStringSubmatch(seed(t, "polish"), -1) {
		a[Polish][m[1]] = true
	}
	for b, n := range map[Book]int{Italian: 126, French: 60, English: 20, Polish: 7} {
		if len(a[b]) < n {
			t.Fatalf("read %d articles of book %s, fewer than %d: the parser or the book changed", len(a[b]), b, n)
		}
	}
	return a
}

// span is the articles a citation names: "72–75" is 72, 73, 74, 75;
// "3.11 l–o" is 3.11 l, m, n, o; "XXII–XXIII" its two ends.
func span(c string) []string {
	from, to, ok := strings.Cut(c, "–")
	if !ok {
		return []string{c}
	}
	if i, err := strconv.Atoi(from); err == nil {
		j, _ := strconv.Atoi(to)
		var out []string
		for ; i <= j && j-i < 40; i++ {
			out = append(out, strconv.Itoa(i))
		}
		return out
	}
	if len(to) == 1 && strings.Contains(from, " ") {
		var out []string
		for l := from[len(from)-1]; l <= to[0]; l++ {
			out = append(out, from[:len(from)-1]+string(l))
		}
		return out
	}
	return []string{from, to}
}

func TestLawsExist(t *testing.T) {
	ids, arts := ruleIDs(t), articles(t)
	for id, books := range All() {
		if !ids[id] {
			t.Errorf("laws.txt cites %s, which RULES.md does not define", id)
		}
		for b, cs := range books {
			for _, c := range cs {
				for _, a := range span(c) {
					if !arts[b][a] {
						t.Errorf("%s: %s %s: the book has no article %q", id, b, c, a)
					}
				}
			}
		}
	}
}

// TestLawsCoverRules: every ICF rule of RULES.md is in laws.txt (the family
// rules H- and the variants V-2, V-3 are in none of the books' numbering,
// and A-3 is the family rules' arrangement).
func TestLawsCoverRules(t *testing.T) {
	for id := range ruleIDs(t) {
		if strings.HasPrefix(id, "H-") || slices.Contains([]string{"A-3", "V-2", "V-3"}, id) {
			continue
		}
		if table[id] == nil {
			t.Errorf("RULES.md defines %s; laws.txt does not cite it", id)
		}
	}
}

func TestCite(t *testing.T) {
	for _, c := range []struct {
		id   string
		b    Book
		want []string
	}{
		{"D-1", French, []string{"3.11 a"}},
		{"D-1", Italian, []string{"51"}},
		{"T-1", English, []string{"Turn of play"}},
		{"D-7", Italian, nil},
		{"Z-1", French, nil},
	} {
		if got := Cite(c.id, c.b); !slices.Equal(got, c.want) {
			t.Errorf("Cite(%s, %s) = %q; want %q", c.id, c.b, got, c.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, s := range []string{"D-1 | X 3", "D-1 | I 3\nD-1 | I 4", "D-1 | I 3 | I 4", "D-1 | F"} {
		if _, err := parse(s); err == nil {
			t.Errorf("parse(%q) = nil error; want one", s)
		}
	}
}
