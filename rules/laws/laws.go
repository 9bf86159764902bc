// Package laws cites the project's rule IDs (RULES.md) in the numbering of
// the rule books they were taken from: a French club reads "F 3.11 a"
// beside D-1, an Italian one "I 51", an English reader the ICF law's
// heading. The citations are data (laws.txt), checked against RULES.md and
// the books themselves by the tests.
package laws

import (
	_ "embed"
	"fmt"
	"strings"
)

// Book is one rule book, by the letter RULES.md cites it with.
type Book string

// The rule books of shared/seeds/ that number their laws.
const (
	Italian Book = "I" // the ICF laws in Italian, numbered 1–126
	French  Book = "F" // the French rule book, articles 2–5
	English Book = "E" // the ICF laws in English, by heading
	Polish  Book = "P" // the Polish summary, sections 1–7
)

// Books are the rule books in the order a line of laws.txt may name them.
var Books = []Book{Italian, French, English, Polish}

//go:embed laws.txt
var data string

// table is laws.txt read once; the file is part of the build, so a line
// it cannot read is a mistake of this package, caught by its tests.
var table = mustParse(data)

// Cite is the articles of book that rule id comes from, in the book's own
// numbering ("3.11 a"), or nil when the book does not have the rule.
func Cite(id string, b Book) []string { return table[id][b] }

// All is every citation, by rule ID then book: what the page is sent.
func All() map[string]map[Book][]string {
	out := make(map[string]map[Book][]string, len(table))
	for id, books := range table {
		c := make(map[Book][]string, len(books))
		for b, arts := range books {
			c[b] = append([]string(nil), arts...)
		}
		out[id] = c
	}
	return out
}

func mustParse(s string) map[string]map[Book][]string {
	t, err := parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// parse reads laws.txt: "ID | I 51 | F 3.11 a; 3.11 b | E Turn of play".
func parse(s string) (map[string]map[Book][]string, error) {
	t := map[string]map[Book][]string{}
	for n, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		id := strings.TrimSpace(fields[0])
		if _, dup := t[id]; dup || id == "" {
			return nil, fmt.Errorf("laws: line %d: rule %q empty or given twice", n+1, id)
		}
		books := map[Book][]string{}
		for _, f := range fields[1:] {
			letter, arts, ok := strings.Cut(strings.TrimSpace(f), " ")
			b := Book(letter)
			if !ok || !known(b) || books[b] != nil {
				return nil, fmt.Errorf("laws: line %d: %q is no book's letter and articles, or the book is named twice", n+1, f)
			}
			for _, a := range strings.Split(arts, ";") {
				books[b] = append(books[b], strings.TrimSpace(a))
			}
		}
		t[id] = books
	}
	return t, nil
}

func known(b Book) bool {
	for _, k := range Books {
		if b == k {
			return true
		}
	}
	return false
}
