package protocol

// TournamentCall is the live channel's "tournament" push (docs/protocol.md):
// a round of a tournament is played on online tables, and the player's is
// ready. Link is the table's page with the player's seat.
type TournamentCall struct {
	Tournament string `json:"tournament"`
	Name       string `json:"name"`
	Round      int    `json:"round"`
	Board      int    `json:"board"`
	Table      string `json:"table"`
	Link       string `json:"link"`
	Opponent   string `json:"opponent"`
}
