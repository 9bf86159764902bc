package web

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestNoImportCycle: no source of the page imports itself through others.
// A circle of modules has no order to be run in (one of them sees the
// others' exports before they are set) and cannot be read, moved or tested
// apart. Imports of types count too: they tie the sources as tightly for
// whoever reads or moves them. Each import is resolved as the bundler
// resolves it.
func TestNoImportCycle(t *testing.T) {
	// An import or export statement at the start of a line, or a dynamic
	// import: not the words "import" or "from" before a string in the text.
	imports := regexp.MustCompile(`(?m)(?:^\s*(?:import\b[^;"]*?|export\b[^;"(]*?\bfrom\s*)|\bimport\(\s*)"([^"]+)"`)
	srcs, err := fs.Glob(files, "src/*.ts*")
	if err != nil || len(srcs) < 20 {
		t.Fatalf("the page's sources: %d, %v", len(srcs), err)
	}
	graph := map[string][]string{}
	for _, p := range srcs {
		data, err := files.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range imports.FindAllSubmatch(data, -1) {
			to, err := resolve(api.OnResolveArgs{Path: string(m[1]), Importer: p, Kind: api.ResolveJSImportStatement})
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if strings.HasPrefix(to, "src/") && !slices.Contains(graph[p], to) {
				graph[p] = append(graph[p], to)
			}
		}
	}
	for _, c := range cycles(graph) {
		t.Errorf("import cycle among %s: %s", strings.Join(c.set, ", "), strings.Join(c.circle, " → "))
	}
}

// cycle is a set of sources each reachable from the others, and one
// circle through them.
type cycle struct{ set, circle []string }

// cycles finds the strongly connected sets of sources (Tarjan's
// algorithm) and, for each, a circle from its first source back to it.
func cycles(graph map[string][]string) []cycle {
	var nodes []string
	for n, tos := range graph {
		nodes = append(nodes, n)
		slices.Sort(tos)
	}
	slices.Sort(nodes)
	index, low, onStack := map[string]int{}, map[string]int{}, map[string]bool{}
	var stack []string
	var found []cycle
	var visit func(string)
	visit = func(n string) {
		index[n], low[n] = len(index), len(index)
		stack = append(stack, n)
		onStack[n] = true
		for _, to := range graph[n] {
			if _, seen := index[to]; !seen {
				visit(to)
				low[n] = min(low[n], low[to])
			} else if onStack[to] {
				low[n] = min(low[n], index[to])
			}
		}
		if low[n] != index[n] {
			return
		}
		var set []string
		for {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[top] = false
			set = append(set, top)
			if top == n {
				break
			}
		}
		if len(set) > 1 || slices.Contains(graph[n], n) {
			slices.Sort(set)
			found = append(found, cycle{set, circle(graph, set)})
		}
	}
	for _, n := range nodes {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
	return found
}

// circle finds the shortest way from the set's first source back to it,
// through the set only.
func circle(graph map[string][]string, set []string) []string {
	start := set[0]
	prev := map[string]string{}
	queue := []string{start}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, to := range graph[n] {
			if !slices.Contains(set, to) {
				continue
			}
			if to == start {
				path := []string{start}
				for at := n; at != start; at = prev[at] {
					path = append(path, at)
				}
				slices.Reverse(path[1:])
				return append(path, start)
			}
			if _, seen := prev[to]; !seen {
				prev[to] = n
				queue = append(queue, to)
			}
		}
	}
	return set
}
