package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
)

func simCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "sim",
		Usage:     "simulate strokes read as JSON Lines on stdin (-params: the physical constants)",
		UsageText: "carrom sim [-params] < input.jsonl",
		Description: `Reads one stroke per line on standard input and answers each with exactly
one JSON line on standard output: the pieces at rest, the striker, the
events and the time (or an "error"). An input line:

  {"pieces": [{"id": "w1", "kind": "white", "x": 0.0, "y": 0.1}, ...],
   "seat": 0,
   "shot": {"x": 0.0, "angle": 90, "speed": 4.0}}

"pieces" missing: the break arrangement; "seat": the base line, 0 to 3
(default 0); "shot": "x" along the base line in metres, one of "angle"
(degrees from the shooter's right, 90 straight ahead) or "dir" ([dx, dy] in
the shooter's frame), and one of "speed" (m/s) or "power" (0 to 1). Names
match exactly; an unknown one is an error. docs/notation.md gives the rule
that turns an angle into a direction.

Example:
  echo '{"shot": {"x": 0.0, "angle": 90, "speed": 4.0}}' | carrom sim`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "params", Usage: "print the physical parameters as JSON and exit"},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			p := physics.Default()
			if cmd.Bool("params") {
				data, _ := json.Marshal(record.ParamsOf(p))
				fmt.Fprintf(s.out, "%s\n", data)
				return nil
			}
			sim, err := physics.NewSimulator(p)
			if err != nil {
				return failed(cmd, err)
			}
			return exitCode(record.ServeLines(s.in, s.out, func(line []byte, err error) []byte {
				if err != nil {
					return record.SimError(err)
				}
				return record.SimLine(sim, line)
			}))
		},
	}
}
