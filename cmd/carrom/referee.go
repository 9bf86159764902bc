package main

import (
	"context"
	"errors"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

func refereeCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "referee",
		Usage:     "apply the laws to strokes read as JSON Lines on stdin",
		UsageText: "carrom referee [-rules icf|family|point|three|pockets] [-players 2|3|4] < input.jsonl",
		Description: `Reads one JSON object per line on standard input and answers each with
exactly one JSON line on standard output: the referee's state after it (or
the state unchanged and an "error"). An input line holds exactly one of:

  {"stroke": {"white": 0, "black": 1, "queen": false, "striker": false,
              "touched": true, "foul": false, "striker_off": false,
              "jumped": {"white": 0, "black": 0, "queen": false}}}
                                  counts pocketed by a stroke (every field optional)
  {"concede": "board"}            or "game", "match": the player in turn concedes (G-4)
  {"toss": 1}                     the side that won a toss the referee asked for
  {"void": "ST-3"}                or "T-4": the umpire voids the board
  {"forfeit": {"side": 1, "rule": "TM-2"}}
                                  a side loses the board (D-10, TM-2) or the match (TM-3)
  {"technical": 0}                a technical foul by side 0 out of its turn (D-9)
  {"claim": "two_turns"}          family rules: two turns instead of an unpaid penalty (H-3)
  {"buy": {"pocket": 0, "white": 2, "black": 1, "queen": false}}
                                  -rules pockets: buy pocket 0 with those c/m (V-3)

The variants without colours (-rules point, three, pockets; docs/variants.md)
take stroke, buy and concede lines; their state has a score and a holding per
player, numbered 0…N-1 in turn order.

Example:
  printf '%s\n' '{"stroke": {"white": 1}}' | carrom referee`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "rules", Value: "icf", Usage: "rule set: icf, family, or a variant without colours: point, three, pockets",
				Validator: func(v string) error {
					if _, err := rules.VariantByName(v); err == nil {
						return nil
					}
					_, err := rules.ByName(v)
					return err
				}},
			&cli.IntFlag{Name: "players", Value: 2, Usage: "number of players: 2 (singles) or 4 (doubles); 2 to 4 for point and pockets; 3 for three (its default)",
				Validator: func(n int) error {
					if n < 2 || n > 4 {
						return errors.New("want 2, 3 or 4")
					}
					return nil
				}},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			if v, err := rules.VariantByName(cmd.String("rules")); err == nil {
				n := cmd.Int("players")
				if lo, _ := v.Seats(); !cmd.IsSet("players") && lo > n {
					n = lo
				}
				g, err := rules.NewColourless(v, n)
				if err != nil {
					return usagef(cmd, "%v", err)
				}
				return exitCode(variantLines(g, s.in, s.out))
			}
			r, err := rules.ByName(cmd.String("rules"))
			if err != nil {
				return usagef(cmd, "%v", err)
			}
			m, err := rules.NewMatch(r, cmd.Int("players"))
			if err != nil {
				return usagef(cmd, "%v", err)
			}
			return exitCode(refereeLines(m, s.in, s.out))
		},
	}
}

func refereeLines(m rules.Match, stdin io.Reader, stdout io.Writer) int {
	return record.ServeLines(stdin, stdout, func(line []byte, err error) []byte {
		if err != nil {
			return record.RefereeReply(m, nil, err)
		}
		var reply []byte
		m, reply = record.RefereeLine(m, line)
		return reply
	})
}

// variantLines is the referee of a colourless variant (RULES §14).
func variantLines(g rules.Colourless, stdin io.Reader, stdout io.Writer) int {
	return record.ServeLines(stdin, stdout, func(line []byte, err error) []byte {
		if err != nil {
			return record.VariantReply(g, nil, err)
		}
		var reply []byte
		g, reply = record.VariantLine(g, line)
		return reply
	})
}
