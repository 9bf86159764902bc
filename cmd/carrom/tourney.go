package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/tourney"
	"github.com/carrom-game/carrom/tourney/sol"
)

func tourneyCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:  "tourney",
		Usage: "pair a tournament's next round (pair), make a random one (generate), rank a tournament file (standings) or a championship",
		Description: `The pairing of a round is a pure function of the tournament so far: anyone
can run it again to check a round. docs/tournaments.md specifies the methods
and the tie-breaks.`,
		Commands: []*cli.Command{tourneyPairCommand(s), tourneyGenerateCommand(s), tourneyStandingsCommand(s), tourneyChampionshipCommand(s)},
	}
}

func tourneyPairCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "pair",
		Usage:     "read a tournament as JSON on stdin, write its next round and standings",
		UsageText: "carrom tourney pair < tournament.json",
		Description: `Reads one JSON document on standard input, writes one on standard output,
never changes anything:

  {"system": "swiss", "method": "serial" | "dazed" | "staggered" | "dutch",
   "points": {"win": 2, "draw": 1, "loss": 0}, "phantom_score": 25,
   "players": [{"id": "p1", "rating": 1620, "club": "Milano", "country": "IT",
                "withdrawn": false}, ...],
   "rounds": [{"matches": [{"a": "p1", "b": "p2", "score": [25, 10]},
                           {"a": "p3", "b": null, "score": [25, 0]}]}, ...],
   "seed": 7}

answers

  {"round": 3, "matches": [{"board": 1, "a": "p4", "b": "p1"}, ...],
   "standings": [{"rank": 1, "id": "p4", "points": 4, "buchholz": 6,
                  "net": 31, "total": 50}, ...]}

"b": null is the phantom (in a knockout, a bye). "system" may also be
"roundrobin" or "knockout" (with "seeds", the ids in seed order). Optional:
"delay_top", "avoid_compatriots", "avoid_clubmates" (rounds), a match's
"board", and after a swiss "finals": {"places": 2|4, "best_of": 1|3,
"rounds": [...]}, which pairs the next finals round instead and adds
"final_ranking". Bad input is one line on standard error naming what is wrong, and
exit status 1.

Example:
  carrom tourney generate -seed 1 -players 9 -rounds 2 | carrom tourney pair`,
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			req, err := tourney.DecodeRequest(s.in)
			if err != nil {
				return failed(cmd, err)
			}
			ans, err := tourney.Pair(req)
			if err != nil {
				return failed(cmd, err)
			}
			return json.NewEncoder(s.out).Encode(ans)
		},
	}
}

func tourneyGenerateCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "generate",
		Usage:     "make a random Swiss tournament (ratings, results) in the input format of pair",
		UsageText: "carrom tourney generate -seed N -players P -rounds R [-method serial|dazed|staggered|dutch]",
		Description: `Every draw comes from the seed: the same flags make the same tournament.
Ratings 1200 to 2199 (one player in ten unrated), clubs and countries from
short lists, each round paired by the method and won by the higher rated
player as often as the Elo expectation says, 25 to less, one match in
twenty a draw.`,
		Flags: []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Usage: "the seed of every draw"},
			&cli.IntFlag{Name: "players", Value: 16, Usage: "how many players (at least 2)"},
			&cli.IntFlag{Name: "rounds", Value: 3, Usage: "how many rounds played"},
			&cli.StringFlag{Name: "method", Value: string(tourney.Serial), Usage: "the Swiss pairing method"},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			method, err := tourney.ParseMethod(cmd.String("method"))
			if err != nil {
				return usagef(cmd, "invalid value %q for flag -method: want serial, dazed, staggered or dutch", cmd.String("method"))
			}
			if cmd.Int("players") < 2 {
				return usagef(cmd, "invalid value %d for flag -players: want at least 2", cmd.Int("players"))
			}
			if cmd.Int("rounds") < 0 {
				return usagef(cmd, "invalid value %d for flag -rounds: want 0 or more", cmd.Int("rounds"))
			}
			req, err := tourney.Generate(cmd.Uint64("seed"), int(cmd.Int("players")), int(cmd.Int("rounds")), method)
			if err != nil {
				return failed(cmd, err)
			}
			return req.Encode(s.out)
		},
	}
}

func tourneyStandingsCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "standings",
		Usage:     "write the standings, final ranking with prizes and crosstable of a tournament file",
		UsageText: "carrom tourney standings -f tournament.json|dump.sol",
		Description: `Reads a tournament file (the format carrom-tourney/2 of docs/tournaments.md,
or /1: what pair reads, with "format", "name", "prizes", "finals" and a
doubles' "pairs"; "-" is standard
input; a name ending in .sol is read as a SoL dump, each of its tourneys in
turn) and writes, as text, its standings with their tie-breaks, its final
ranking (after the finals) with the prize of each place, and its crosstable.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "f", Usage: "the tournament file (- for standard input)", Required: true},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			files, err := readTourneys(s.in, cmd.String("f"))
			if err != nil {
				return failed(cmd, err)
			}
			for i, f := range files {
				if i > 0 {
					fmt.Fprintln(s.out)
				}
				if err := f.Report(s.out); err != nil {
					return failed(cmd, err)
				}
			}
			return nil
		},
	}
}

// readTourneys reads a tournament file, or each tourney of a SoL dump when
// the name ends in .sol; "-" is in.
func readTourneys(in io.Reader, name string) ([]*tourney.File, error) {
	if name != "-" {
		file, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err))
		}
		defer file.Close()
		in = file
	}
	if strings.HasSuffix(name, ".sol") {
		return sol.Read(in)
	}
	f, err := tourney.ParseFile(in)
	if err != nil {
		return nil, err
	}
	return []*tourney.File{f}, nil
}

func tourneyChampionshipCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "championship",
		Usage:     "rank a championship: the prizes of its tournaments summed, the worst skipped",
		UsageText: "carrom tourney championship [-skip N] FILE...",
		Description: `Each FILE is a tournament file or a SoL dump (.sol, each of its tourneys);
all must use one prize method (not none). Each player's prizes are summed
over the tournaments, a tournament missed counting 0, the N worst left out
(docs/tournaments.md, "Championships"); the ranking is written as text.`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "skip", Usage: "how many of each player's worst results are left out, for who played more tournaments than that (as SoL)"},
		},
		Action: func(_ context.Context, cmd *cli.Command) error {
			if !cmd.Args().Present() {
				return usagef(cmd, "no tournament files given")
			}
			if cmd.Int("skip") < 0 {
				return usagef(cmd, "invalid value %d for flag -skip: want 0 or more", cmd.Int("skip"))
			}
			c := &tourney.Championship{SkipWorst: int(cmd.Int("skip"))}
			for _, name := range cmd.Args().Slice() {
				files, err := readTourneys(s.in, name)
				if err != nil {
					return failed(cmd, fmt.Errorf("%s: %w", name, err))
				}
				for _, f := range files {
					if c.Method == "" {
						c.Method = f.Prizes
					} else if f.Prizes != c.Method {
						return failed(cmd, fmt.Errorf("%s: %s uses prizes %s, the championship %s", name, f.Name, f.Prizes, c.Method))
					}
					ranking, err := f.Ranking()
					if err != nil {
						return failed(cmd, fmt.Errorf("%s: %w", name, err))
					}
					c.Tournaments = append(c.Tournaments, tourney.Result{Name: f.Name, Ranking: ranking})
				}
			}
			st, err := tourney.ChampionshipRanking(c)
			if err != nil {
				return failed(cmd, err)
			}
			tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', tabwriter.AlignRight)
			head := []string{"rank", "id", "total"}
			for i := range c.Tournaments {
				head = append(head, fmt.Sprint(i+1))
			}
			fmt.Fprintf(s.out, "Championship: %d tournaments, prizes %s, the %d worst results skipped (in brackets) of who played more tournaments than that\n", len(c.Tournaments), c.Method, c.SkipWorst)
			for i, t := range c.Tournaments {
				fmt.Fprintf(s.out, "  %d: %s\n", i+1, t.Name)
			}
			fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
			for _, x := range st {
				row := []string{fmt.Sprint(x.Rank), x.ID, x.Total.String()}
				for i, p := range x.Prizes {
					cell := p.String()
					if x.Skipped[i] {
						cell = "(" + cell + ")"
					}
					row = append(row, cell)
				}
				fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
			}
			return tw.Flush()
		},
	}
}
