package carrom

// A deleted account's seats keep their moves under DeletedName, held by
// DeletedToken, which no browser's cookie carries.
const (
	DeletedName  = "(deleted)"
	DeletedToken = "-"
)

// HeldSeat is a seat of a table and the browser token that held it.
type HeldSeat struct {
	Table string `json:"table"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}
