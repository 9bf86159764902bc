package main

import "github.com/carrom-game/carrom/internal/server"

// bots makes the server's computer players.
var bots server.BotFactory
