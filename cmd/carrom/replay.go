package main

import (
	"fmt"
	"io"
	"os"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

func init() {
	register(command{
		name:    "replay",
		summary: "re-simulate a match record (docs/notation.md) bit for bit and print every ruling",
		run:     runReplay,
	})
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("replay", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "carrom replay: want one match record file (- for standard input)")
		return 2
	}
	var data []byte
	var err error
	if name := fs.Arg(0); name == "-" {
		data, err = io.ReadAll(io.LimitReader(stdin, 64<<20))
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "carrom replay: %v\n", err)
		return 1
	}
	r, err := record.Parse(string(data))
	if err != nil {
		fmt.Fprintf(stderr, "carrom replay: %v\n", err)
		return 1
	}
	t, err := record.Replay(r, physics.Default(), func(n int, got record.Entry, _ game.Table) {
		fmt.Fprintln(stdout, record.FormatEntry(n, got))
	})
	if err != nil {
		fmt.Fprintf(stderr, "carrom replay: %v\n", err)
		return 1
	}
	m := t.Match()
	fmt.Fprintf(stdout, "%d actions replayed bit for bit; result %s, games %d-%d\n", len(r.Actions), record.ResultOf(m), m.Games[0], m.Games[1])
	return 0
}
