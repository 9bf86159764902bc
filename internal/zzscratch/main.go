package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/rules"
)

func main() {
	name := os.Args[1]
	players, _ := strconv.Atoi(os.Args[2])
	lv := os.Args[3:]
	r, _ := rules.ByName(name)
	for seed := uint64(1); seed <= 3; seed++ {
		t, err := game.New(game.Config{Rules: r, Players: players, Physics: physics.Default()})
		if err != nil {
			panic(err)
		}
		var ps []ai.Player
		var ns []ai.Noise
		for i := range players {
			l, _ := ai.LevelByName(lv[i%len(lv)])
			ps = append(ps, ai.New(l, 1, seed*10+uint64(i)))
			ns = append(ns, l.Noise)
		}
		start := time.Now()
		end, rec, err := ai.Play(context.Background(), t, ps, ns, seed, nil)
		buys := 0
		for _, a := range rec.Actions {
			if a.Kind == game.Buy {
				buys++
			}
		}
		g := end.Match().Colourless
		fmt.Println(seed, err, "actions", len(rec.Actions), "buys", buys, "strokes", rec.Strokes, "scoring", rec.Scoring, "boards", rec.Boards, "winner", g.Winner, "held", g.Held, "owner", g.Owner, time.Since(start))
	}
}
