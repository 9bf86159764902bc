package protocol

// Quick pairing's HTTP bodies and its push on the live channel
// (docs/pairing.md, docs/protocol.md).

// PoolSpec names a quick-pairing pool: the body of POST /api/pool.
type PoolSpec struct {
	Rules string `json:"rules"` // "icf" or "family"
	Clock int    `json:"clock"` // seconds a stroke: 15 or 30
	Rated bool   `json:"rated"`
}

// PoolStatus is a player's place in a pool: the answer of POST and GET
// /api/pool. Count is how many wait in the pool, him included; once a
// wave has paired him, Table, Link (his seat) and Opponent say where to
// go.
type PoolStatus struct {
	Pool     PoolSpec `json:"pool"`
	Waiting  bool     `json:"waiting"`
	Count    int      `json:"count"`
	Table    string   `json:"table,omitempty"`
	Link     string   `json:"link,omitempty"`
	Opponent string   `json:"opponent,omitempty"`
}

// PairedMsg is pushed on the live channel of a player a wave has paired:
// the table made for him and his opponent, and the link of his seat.
type PairedMsg struct {
	V        int      `json:"v"`
	Type     string   `json:"type"` // "paired"
	Pool     PoolSpec `json:"pool"`
	Table    string   `json:"table"`
	Link     string   `json:"link"`
	Opponent string   `json:"opponent"`
}

// SeekSpec is a custom game offered in the lobby: the body of POST
// /api/seeks. Min and Max bound the rating of who may take it (0: no
// bound).
type SeekSpec struct {
	PoolSpec
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
}

// Seek is a custom game listed in the lobby (GET /api/seeks): who offers
// it, at what rating in its rules, and whether it is the asker's own.
type Seek struct {
	ID     string `json:"id"`
	By     string `json:"by"`
	Rating int    `json:"rating"`
	SeekSpec
	Mine bool `json:"mine,omitempty"`
}

// SeeksMsg is pushed on every live channel when the seeks listed have
// changed: the lobby reads them again.
type SeeksMsg struct {
	V    int    `json:"v"`
	Type string `json:"type"` // "seeks"
}
