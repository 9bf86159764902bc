package main

import (
	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/internal/server"
)

// bots makes the server's computer players: the levels of package ai,
// each searching on one goroutine, so that the server's bound on the
// searches running at once (server.Config.Searches) bounds the cores they
// take.
func bots(level string) (server.Bot, error) {
	l, err := ai.LevelByName(level)
	if err != nil {
		return nil, err
	}
	return ai.Bot{Level: l, Workers: 1}, nil
}
