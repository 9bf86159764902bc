package protocol

// Version is the version of the WebSocket messages, every message's "v".
const Version = 1

// The types of the messages, their "type". Aim goes both ways: a player's
// live aim to the server, and the server passing it on.
const (
	// From a client.
	TypeSit     = "sit"
	TypeStrike  = "strike"
	TypePlace   = "place"
	TypeForgo   = "forgo"
	TypeConcede = "concede"
	TypeBuy     = "buy"
	TypePing    = "ping"
	TypeAim     = "aim"
	TypeSay     = "say"
	// From the server.
	TypeWelcome = "welcome"
	TypeState   = "state"
	TypeEvent   = "event"
	TypeSeats   = "seats"
	TypeRematch = "rematch"
	TypeError   = "error"
	TypePong    = "pong"
	TypeSaid    = "said"
)

// ClientMsg is every field a client message may carry; which ones a message
// needs depends on its type (docs/protocol.md, "Client to server"). The
// server tells a field left out from one sent empty, hence the pointers;
// the constructors below fill what each type needs, and a client sets V.
type ClientMsg struct {
	V        int      `json:"v"`
	Type     string   `json:"type"`
	Seat     *int     `json:"seat,omitempty"`
	Nickname *string  `json:"nickname,omitempty"`
	X        *float64 `json:"x,omitempty"`
	Y        *float64 `json:"y,omitempty"`
	Angle    *float64 `json:"angle,omitempty"`
	// Dir is a list, not a pair, so that the server can refuse one of
	// another length rather than read its first two numbers.
	Dir   *[]float64 `json:"dir,omitempty"`
	Speed *float64   `json:"speed,omitempty"`
	Power *float64   `json:"power,omitempty"`
	What  *string    `json:"what,omitempty"`
	// CSRF is a signed-in player's session token in a "sit" (GET /api/account).
	CSRF string `json:"csrf,omitempty"`
	// A purchase of a pocket (RULES V-3): the pocket and the c/m paid.
	Pocket *int  `json:"pocket,omitempty"`
	White  *int  `json:"white,omitempty"`
	Black  *int  `json:"black,omitempty"`
	Queen  *bool `json:"queen,omitempty"`
	// A phrase said (Phrases), and whether the spectators may hear it.
	Phrase     *string `json:"phrase,omitempty"`
	Spectators *bool   `json:"spectators,omitempty"`
}

// Sit takes a free human seat; nickname may be empty.
func Sit(seat int, nickname string) ClientMsg {
	m := ClientMsg{Type: TypeSit, Seat: &seat}
	if nickname != "" {
		m.Nickname = &nickname
	}
	return m
}

// Strike places the striker x metres along the base line and shoots at
// angle degrees (90 is straight ahead) with power from 0 to 1.
func Strike(x, angle, power float64) ClientMsg {
	return ClientMsg{Type: TypeStrike, X: &x, Angle: &angle, Power: &power}
}

// StrikeDir shoots along dir, in the shooter's frame, at speed m/s.
func StrikeDir(x float64, dir [2]float64, speed float64) ClientMsg {
	d := dir[:]
	return ClientMsg{Type: TypeStrike, X: &x, Dir: &d, Speed: &speed}
}

// Place places the due or penalty c/m the seat holds.
func Place(x, y float64) ClientMsg { return ClientMsg{Type: TypePlace, X: &x, Y: &y} }

// Forgo gives up the placing.
func Forgo() ClientMsg { return ClientMsg{Type: TypeForgo} }

// Concede concedes the board, the game or the match.
func Concede(what string) ClientMsg { return ClientMsg{Type: TypeConcede, What: &what} }

// Buy buys a pocket, paying with those c/m (buying the pockets, RULES V-3).
func Buy(pocket, white, black int, queen bool) ClientMsg {
	return ClientMsg{Type: TypeBuy, Pocket: &pocket, White: &white, Black: &black, Queen: &queen}
}

// AimAt is a live aim: the striker x along the base line, dir in the
// shooter's frame, power from 0 to 1.
func AimAt(x float64, dir [2]float64, power float64) ClientMsg {
	d := dir[:]
	return ClientMsg{Type: TypeAim, X: &x, Dir: &d, Power: &power}
}

// Ping asks for a pong.
func Ping() ClientMsg { return ClientMsg{Type: TypePing} }
