package protocol

// Words at the table (docs/protocol.md, "say"): a seated player's quick
// phrase, from this fixed list only, so that no free text reaches the
// table.
var Phrases = []string{"hello", "good-shot", "well-played", "thanks", "sorry", "good-luck", "oops", "rematch?"}

// Say says a phrase of Phrases; spectators: the sayer lets the spectators
// hear it too.
func Say(phrase string, spectators bool) ClientMsg {
	return ClientMsg{Type: TypeSay, Phrase: &phrase, Spectators: &spectators}
}

// SaidMsg is a phrase a seat said, sent to the players and, if the sayer
// let them, to the spectators.
type SaidMsg struct {
	V      int    `json:"v"`
	Type   string `json:"type"` // "said"
	Seat   int    `json:"seat"`
	Phrase string `json:"phrase"`
}
