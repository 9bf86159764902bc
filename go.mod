module github.com/carrom-game/carrom

go 1.26

require pgregory.net/rapid v1.3.0
