package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

func replayCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "re-simulate a match record bit for bit and print every ruling",
		UsageText: "carrom replay FILE   (- for standard input)",
		Description: `Reads a match record (docs/notation.md: headers, then one line per action
with the exact shot, what the stroke did and the rule IDs applied), plays it
again from the start with the physics and the referee, and prints every
action's line as re-simulated. At the first action whose outcome differs
from the record by one bit, it says which and exits with status 1. The
server exports any match in this form: GET /api/matches/{id} with
Accept: text/plain.

Example:
  carrom replay record/testdata/matches/icf-beginner-casual.txt`,
		Action: func(_ context.Context, cmd *cli.Command) error {
			if cmd.Args().Len() != 1 {
				return usagef(cmd, "want one match record file (- for standard input), got %d arguments", cmd.Args().Len())
			}
			var data []byte
			var err error
			if name := cmd.Args().First(); name == "-" {
				data, err = io.ReadAll(io.LimitReader(s.in, 64<<20))
			} else {
				data, err = os.ReadFile(name)
			}
			if err != nil {
				return failed(cmd, err)
			}
			r, err := record.Parse(string(data))
			if err != nil {
				return failed(cmd, err)
			}
			t, err := record.Replay(r, physics.Default(), func(n int, got record.Entry, _ game.Table) {
				fmt.Fprintln(s.out, record.FormatEntry(n, got))
			})
			if err != nil {
				return failed(cmd, err)
			}
			m := t.Match()
			fmt.Fprintf(s.out, "%d actions replayed bit for bit; result %s, games %d-%d\n", len(r.Actions), record.ResultOf(m), m.Games[0], m.Games[1])
			return nil
		},
	}
}
