package main

import (
	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/internal/server"
)

// bots makes the server's computer players: the levels of package ai.
func bots(level string) (server.Bot, error) {
	l, err := ai.LevelByName(level)
	if err != nil {
		return nil, err
	}
	return ai.Bot{Level: l}, nil
}
