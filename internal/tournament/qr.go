package tournament

import (
	"net/http"

	"github.com/skip2/go-qrcode"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
)

// scorecards is the scorecards' QR codes: the Domain's methods of this file, apart.
type scorecards struct{ *Domain }

// QRSize is the side of a scorecard's QR code, in pixels: about 3 cm on
// paper, which a phone reads from its scorecard on the board's table.
const QRSize = 256

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
	png, err := qrcode.Encode(d.env.Origin(r)+"/umpire/"+sheet, qrcode.Medium, QRSize)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	// A board's sheet stays its own once opened.
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(png)
}
