package tournament

import (
	"net/http"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/skip2/go-qrcode"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
)

// scorecards is the scorecards' QR codes: the Domain's methods of this file, apart.
type scorecards struct{ *Domain }

// QRSize is the side of a scorecard's QR code, in pixels: about 3 cm on
// paper, which a phone reads from its scorecard on the board's table.
const QRSize = 256

// A QR code takes about 1.6 ms of CPU and 1 MB of garbage to make (go-qrcode
// at 256 px), and its page needs no account: the codes made are kept, so
// that a printout read again costs a lookup, and each address may make
// only so many new ones. A round's printout asks for one per board.
const qrKept = 4096 // about 600 bytes each

var qrAddrLimit = httpapi.Limit{Every: 100 * time.Millisecond, Burst: 200}

// qrCodes is the QR codes made, by the address each encodes, and the
// addresses' buckets for making more.
type qrCodes struct {
	made   *lru.Cache[string, []byte]
	byAddr *httpapi.Limiter
}

func newQRCodes() *qrCodes {
	made, err := lru.New[string, []byte](qrKept)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &qrCodes{made: made, byAddr: httpapi.NewLimiter(qrAddrLimit)}
}

// code is the PNG of a QR code of text, made for the address addr if it
// was not made before.
func (q *qrCodes) code(text, addr string, now time.Time) ([]byte, error) {
	if png, ok := q.made.Get(text); ok {
		return png, nil
	}
	if err := httpapi.Take(q.byAddr, nil, addr, "", now, "QR codes"); err != nil {
		return nil, err
	}
	png, err := qrcode.Encode(text, qrcode.Medium, QRSize)
	if err != nil {
		return nil, err
	}
	q.made.Add(text, png)
	return png, nil
}

// sheetQR answers the QR code (PNG) of the address of a board's umpire's
// scoresheet, for its printed scorecard: the board's umpire opens the
// sheet by pointing a phone at it. Anyone may read it, as the sheet's
// link on the public page.
func (d scorecards) sheetQR(w http.ResponseWriter, r *http.Request) {
	s, err := d.load(r.Context(), r.PathValue("id"))
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	round, err := s.round(r)
	if err != nil {
		httpapi.WriteError(w, withStatus(err))
		return
	}
	board, err := pathNum(r, "board")
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	sheet := ""
	found := false
	for _, m := range s.rounds[round-1] {
		if m.Board == board {
			sheet, found = m.Sheet, true
		}
	}
	switch {
	case !found:
		err = httpapi.Refuse(carrom.ErrNotFound, "round %d has no board %d", round, board)
	case sheet == "":
		err = httpapi.Refuse(carrom.ErrNotFound, "board %d of round %d has no scoresheet: the organiser opens the round's scoresheets first", board, round)
	}
	if err != nil {
		httpapi.WriteError(w, withStatus(err))
		return
	}
	png, err := d.qr.code(d.env.Origin(r)+"/umpire/"+sheet, d.env.Address(r), d.env.Now())
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	// A board's sheet stays its own once opened.
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(png)
}
