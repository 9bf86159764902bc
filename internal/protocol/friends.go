package protocol

// Friend is a player the account follows, as GET /api/friends lists him:
// whether he has a page open (Online) and, playing, the table to watch.
type Friend struct {
	Name   string `json:"name"`
	Online bool   `json:"online"`
	Table  string `json:"table,omitempty"`
}

// FriendMsg is pushed on the live channels of a player's followers when
// he comes online.
type FriendMsg struct {
	V      int    `json:"v"`
	Type   string `json:"type"` // "friend"
	Name   string `json:"name"`
	Online bool   `json:"online"`
}
